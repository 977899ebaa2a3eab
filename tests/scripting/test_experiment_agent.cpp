// Experiments say what ran: the agent and the Lua modules it requires from its folders are hashed
// (SHA-256, checked against the FIPS 180-4 vectors) and stored with the experiment. A sequence of
// runs: run, re-run unchanged (resumes), edit a module (refused naming it, nothing written, the
// typed AgentChangedError with a free name), edit the agent (refused naming it), run under the
// suggested name (a new experiment), resume an experiment stored before agents were recorded
// (records it). `iglu run` refuses the same way (exit 2, the catalog's bytes unchanged) and
// `iglu experiments show` prints the stored hash.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

#include "core/catalog/catalog.hpp"
#include "core/util/sha256.hpp"
#include "scripting/agent_fingerprint.hpp"
#include "scripting/experiment_session.hpp"
#include "support/experiments.hpp"
#include "support/files.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using namespace iglu::scripting;

namespace {

const char* kAgent = R"(local h = require("helpers")
local moves = require 'lib.moves'
local build = require "iglu.build"  -- the bundled library: the program's, not hashed
return { act = function(obs) return h.first(moves) end }
)";
const char* kHelpers = "return { first = function(moves) return moves[1] end }\n";
const char* kMoves = "return { nil }\n";

QString storedSha(const QString& db, const QString& name) {
    catalog::Catalog cat(db.toStdString(), catalog::OpenMode::ReadOnly);
    const auto e = cat.experiment(name.toStdString());
    return e ? QString::fromStdString(e->agentSha256) : QStringLiteral("(none)");
}

}  // namespace

class TestExperimentAgent : public QObject {
    Q_OBJECT

private slots:
    void sha256MatchesTheStandardVectors() {
        QCOMPARE(core::sha256Hex(""), std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(core::sha256Hex("abc"), std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(core::sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        // A million 'a' in uneven pieces: the incremental form pads across block boundaries.
        core::Sha256 s;
        const std::string piece(997, 'a');
        std::size_t left = 1000000;
        for (std::size_t n = 1; left > 0; n = n % 990 + 7) {  // pieces of 1..996 bytes
            const std::size_t take = std::min(n, left);
            s.add(std::string_view(piece).substr(0, take));
            left -= take;
        }
        QCOMPARE(s.hex(), std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void aChangedAgentRefusesToResumeAndNothingIsWritten() {
        IGLU_REQUIRE_SHARED("conformance/tasks.jsonl");
        test::ExperimentFolder folder(2);
        const QString dir = folder.dir.path();
        QDir(dir).mkpath("agents/lib");
        const QString agent = test::writeFile(dir + "/agents", "agent.lua", kAgent);
        const QString helpers = test::writeFile(dir + "/agents", "helpers.lua", kHelpers);
        test::writeFile(dir + "/agents/lib", "moves.lua", kMoves);
        const QString exp = folder.experiment("exp.lua", "walk", agent, "{ max_steps = 20 }", "seeds = {1, 2}");
        SessionOptions options;
        options.db = folder.db.toStdString();

        std::string firstSha;
        {  // run: the fingerprint is stored
            ExperimentSession session(exp.toStdString(), options);
            const auto& files = session.agent().files;
            QCOMPARE(files.size(), std::size_t(3));
            QCOMPARE(files[0].first, std::string("agent.lua"));
            QCOMPARE(files[1].first, std::string("helpers.lua"));
            QCOMPARE(files[2].first, std::string("lib/moves.lua"));
            QCOMPARE(files[1].second, core::sha256Hex(kHelpers));
            session.run({});
            firstSha = session.agent().sha256;
            QCOMPARE(storedSha(folder.db, "walk"), QString::fromStdString(firstSha));
        }
        {  // re-run unchanged: resumes
            ExperimentSession session(exp.toStdString(), options);
            QCOMPARE(session.resumedCount(), std::size_t(4));
            QCOMPARE(session.todoCount(), std::size_t(0));
        }
        // Edit a module, then the agent: each refused, naming the file, the catalog byte for byte as it was.
        const QByteArray before = test::readAll(folder.db);
        const auto refusal = [&](const QString& expect) {
            try {
                ExperimentSession session(exp.toStdString(), options);
                QFAIL("a changed agent resumed");
            } catch (const AgentChangedError& e) {
                QCOMPARE(QString::fromStdString(e.experiment()), QStringLiteral("walk"));
                QCOMPARE(e.changes().size(), std::size_t(1));
                QCOMPARE(QString::fromStdString(e.changes()[0]), expect);
                QCOMPARE(e.suggestedName(), std::string("walk-v2"));
                QVERIFY2(QString::fromUtf8(e.what()).contains(expect) && QString::fromUtf8(e.what()).contains("--name walk-v2"),
                         e.what());
            }
            QCOMPARE(test::readAll(folder.db), before);
            QCOMPARE(test::storedEpisodes(folder.db, "walk"), 4);
        };
        test::writeFile(dir + "/agents", "helpers.lua", QString(kHelpers) + "-- tuned\n");
        refusal(QStringLiteral("module helpers.lua changed"));
        test::writeFile(dir + "/agents", "helpers.lua", kHelpers);
        test::writeFile(dir + "/agents", "agent.lua", QString(kAgent) + "-- v2\n");
        refusal(QStringLiteral("agent agent.lua changed"));

        // `iglu run` refuses the same way, writing nothing; `experiments show` prints the stored hash.
        test::ProcessResult r = test::runIglu({"run", exp, "--db", folder.db, "--quiet"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("agent agent.lua changed") && r.err.contains("--name walk-v2"), qPrintable(r.err));
        QCOMPARE(test::readAll(folder.db), before);
        r = test::runIglu({"experiments", "show", "walk", "--db", folder.db});
        QVERIFY2(r.out.contains("agent sha256 " + QString::fromStdString(firstSha)), qPrintable(r.out));
        const QJsonObject shown = QJsonDocument::fromJson(test::runIglu({"experiments", "show", "walk", "--db", folder.db, "--json"}).out.toUtf8()).object();
        QCOMPARE(shown["agent_sha256"].toString(), QString::fromStdString(firstSha));
        QCOMPARE(shown["agent_files"].toObject()["lib/moves.lua"].toString(), QString::fromStdString(core::sha256Hex(kMoves)));

        // This version under the suggested name: a new experiment with its own fingerprint.
        options.name = "walk-v2";
        {
            ExperimentSession session(exp.toStdString(), options);
            QCOMPARE(session.resumedCount(), std::size_t(0));
            session.run({});
            QVERIFY(session.agent().sha256 != firstSha);
            QCOMPARE(storedSha(folder.db, "walk-v2"), QString::fromStdString(session.agent().sha256));
        }
        QCOMPARE(storedSha(folder.db, "walk"), QString::fromStdString(firstSha));

        // An experiment stored before agents were recorded resumes once and records this agent.
        {
            catalog::Catalog cat(folder.db.toStdString());
            cat.setExperimentAgent(cat.experiment("walk")->id, "", "");
        }
        options.name.clear();
        {
            ExperimentSession session(exp.toStdString(), options);
            QCOMPARE(session.resumedCount(), std::size_t(4));
        }
        QCOMPARE(storedSha(folder.db, "walk"), storedSha(folder.db, "walk-v2"));
        test::writeFile(dir + "/agents", "helpers.lua", QString(kHelpers) + "-- again\n");
        QVERIFY_THROWS_EXCEPTION(AgentChangedError, ExperimentSession(exp.toStdString(), options));
    }
};

QTEST_GUILESS_MAIN(TestExperimentAgent)
#include "test_experiment_agent.moc"
