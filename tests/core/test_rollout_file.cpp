// Rollout files (core/rollout/rollout_file.hpp) on real data and on a corpus of bad lines:
//  - every conformance trace (the reference gridworld's own episodes: int actions and reference
//    dicts, its env_kwargs and rewards) written as a rollout line replays with no divergence;
//  - a tampered reward is reported at its step, a tampered final grid as the final grid;
//  - rolloutLine -> parseRolloutLine gives the same episode;
//  - each bad line is refused naming file:line: field; the streaming reader names the line of a
//    bad line after good ones, refuses an over-long line and a FIFO without blocking.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include "core/rollout/action_text.hpp"
#include "core/rollout/rollout_file.hpp"
#include "core/util/file_read.hpp"
#include "support/files.hpp"
#include "support/shared_dir.hpp"

using namespace iglu::core;

namespace {

std::vector<Block> blocksOf(const QJsonArray& a) {
    std::vector<Block> out;
    for (const auto& v : a) {
        const QJsonArray b = v.toArray();
        out.push_back({b[0].toInt(), b[1].toInt(), b[2].toInt(), b[3].toInt()});
    }
    return out;
}

struct TraceEpisode {
    QString name;
    QJsonObject line;  // the rollout line
    Task task;
};

/// The conformance traces without resets inside, as rollout lines (actions, rewards, the final
/// grid when the trace gives it).
std::vector<TraceEpisode> traceEpisodes() {
    std::vector<TraceEpisode> out;
    const QDir dir(iglu::test::sharedDir() + "/conformance/traces");
    for (const QString& name : dir.entryList({"*_*.json"}, QDir::Files)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QJsonObject t = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonArray steps = t["steps"].toArray();
        bool resets = false;
        for (const auto& s : steps) resets = resets || s.toObject().contains("reset_before");
        if (resets) continue;
        TraceEpisode e;
        e.name = name;
        e.task.id = t["task_id"].toString().toStdString();
        e.task.starting = Grid::fromBlocks(blocksOf(t["starting_blocks"].toArray()));
        e.task.target = Grid::fromBlocks(blocksOf(t["target_blocks"].toArray()));
        QJsonArray actions, rewards;
        for (const auto& s : steps) {
            actions.append(s.toObject()["action"]);
            rewards.append(s.toObject()["reward"]);
        }
        e.line = {{"format", kRolloutFormat},  {"agent", "reference"}, {"task_id", t["task_id"]},
                  {"env", t["env_kwargs"]},    {"seed", 0},            {"actions", actions},
                  {"rewards", rewards}};
        const QJsonObject last = steps.last().toObject();
        if (last.contains("grid")) e.line["final_grid"] = last["grid"];
        out.push_back(std::move(e));
    }
    return out;
}

std::string text(const QJsonObject& o) { return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString(); }

/// A valid line: the conformance task CQ-game-6 inline, walking discrete.
QJsonObject goodLine() {
    return QJsonDocument::fromJson(R"({"format": "iglu-rollout/1", "agent": "test", "task_id": "T1",
        "task": {"starting_blocks": [], "target_blocks": [[1, -1, 2, 1], [1, 0, 2, 6]], "instruction": "build"},
        "env": {"action_space": "walking", "discretize": true, "max_steps": 50},
        "seed": 3, "repetition": 1,
        "actions": [1, 17, {"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 1,
                            "camera": [0.5, -5], "hotbar": 2}, "walking 0 0 1 0 0 0 0 0", "discrete 5"],
        "rewards": [0, 0, 0, 0, 0],
        "final_grid": []})")
        .object();
}

}  // namespace

class TestRolloutFile : public QObject {
    Q_OBJECT
private slots:
    void everyConformanceTraceReplaysWithoutDivergence() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        const auto episodes = traceEpisodes();
        QVERIFY(episodes.size() >= 70);
        int withGrid = 0;
        for (const auto& e : episodes) {
            const RolloutRecord r = parseRolloutLine(text(e.line), e.name.toStdString());
            Environment env(r.env.config);
            int steps = 0;
            const RolloutDivergence d = replayRollout(env, e.task, r, [&](const StepResult&, const Action&) { ++steps; });
            QVERIFY2(d.ok(), qPrintable(e.name + ": step " + QString::number(d.step) + ": " + QString::fromStdString(d.what)));
            QCOMPARE(steps, static_cast<int>(r.actions.size()));
            withGrid += r.finalGrid ? 1 : 0;
        }
        QVERIFY(withGrid > 0);
    }

    void aTamperedRewardIsReportedAtItsStep() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        for (const auto& e : traceEpisodes()) {
            QJsonArray rewards = e.line["rewards"].toArray();
            int at = -1;
            for (int i = 0; i < rewards.size() && at < 0; ++i)
                if (rewards[i].toDouble() != 0) at = i;
            if (at < 0) continue;
            rewards[at] = rewards[at].toDouble() + 0.5;
            QJsonObject bad = e.line;
            bad["rewards"] = rewards;
            const RolloutRecord r = parseRolloutLine(text(bad), "x");
            Environment env(r.env.config);
            const RolloutDivergence d = replayRollout(env, e.task, r);
            QVERIFY2(!d.ok(), qPrintable(e.name));
            QCOMPARE(d.step, at + 1);
            QVERIFY2(QString::fromStdString(d.what).contains("in the file"), d.what.c_str());
        }
    }

    void aTamperedFinalGridIsReported() {
        IGLU_REQUIRE_SHARED("conformance/traces");
        for (const auto& e : traceEpisodes()) {
            if (!e.line.contains("final_grid")) continue;
            QJsonArray grid = e.line["final_grid"].toArray();
            QVERIFY(!grid.isEmpty());
            QJsonArray block = grid[0].toArray();
            block[3] = block[3].toInt() % 6 + 1;  // another colour
            grid[0] = block;
            QJsonObject bad = e.line;
            bad["final_grid"] = grid;
            const RolloutRecord r = parseRolloutLine(text(bad), "x");
            Environment env(r.env.config);
            const RolloutDivergence d = replayRollout(env, e.task, r);
            QCOMPARE(d.step, 0);
            QVERIFY2(QString::fromStdString(d.what).startsWith("final grid: 1 cell differs"), d.what.c_str());
        }
    }

    void aLineRoundTrips() {
        const RolloutRecord r = parseRolloutLine(text(goodLine()), "f:1");
        QCOMPARE(r.actions.size(), std::size_t(5));
        QCOMPARE(r.actionTexts[0], std::string("discrete 1"));
        QCOMPARE(r.actionTexts[4], std::string("discrete 5"));
        QVERIFY(r.actionTexts[2].starts_with("walking "));
        QVERIFY(r.task && r.task->target.count() == 2);
        const RolloutRecord back = parseRolloutLine(rolloutLine(r), "f:1");
        QCOMPARE(back.agent, r.agent);
        QCOMPARE(back.taskId, r.taskId);
        QVERIFY(back.env == r.env);
        QCOMPARE(back.seed, r.seed);
        QCOMPARE(back.repetition, r.repetition);
        QCOMPARE(back.actionTexts, r.actionTexts);
        QVERIFY(back.rewards == r.rewards);
        QVERIFY(back.finalGrid == r.finalGrid);
        QVERIFY(back.task->target == r.task->target);
        // All discrete and discretized: written as ints.
        RolloutRecord discrete = r;
        discrete.actions = {Action::discrete(3), Action::discrete(17)};
        discrete.actionTexts = {"discrete 3", "discrete 17"};
        discrete.rewards.reset();
        QVERIFY(rolloutLine(discrete).find("\"actions\":[3,17]") != std::string::npos);
        // Actions without their texts (a caller that only has actions): the same line.
        discrete.actionTexts.clear();
        QVERIFY(rolloutLine(discrete).find("\"actions\":[3,17]") != std::string::npos);
        discrete.env.discretize = false;
        QVERIFY(rolloutLine(discrete).find("\"actions\":[\"discrete 3\",\"discrete 17\"]") != std::string::npos);
        RolloutRecord flying = r;
        flying.env.discretize = false;
        flying.env.config.actionSpace = ActionSpace::Flying;
        flying.actions = {Action::flying({0.25, -1, 0}, {1.5, 0}, 3, 1)};
        flying.actionTexts.clear();
        flying.rewards.reset();
        const RolloutRecord flyingBack = parseRolloutLine(rolloutLine(flying), "f:1");
        QCOMPARE(flyingBack.actionTexts, std::vector<std::string>{actionText(flying.actions[0], ActionSpace::Flying)});
    }

    void aRecordWithRewardsNotOnePerActionIsRefused() {
        RolloutRecord r = parseRolloutLine(text(goodLine()), "f:1");
        r.rewards->pop_back();
        Environment env(r.env.config);
        QVERIFY_THROWS_EXCEPTION(RolloutFileError, replayRollout(env, *r.task, r));
    }

    void badLinesNameTheLineAndField_data() {
        QTest::addColumn<QString>("key");    // "a.b" path into the good line; "" = replace the whole line
        QTest::addColumn<QString>("value");  // JSON text ("<remove>" to delete the key)
        QTest::addColumn<QString>("field");  // the field the error must name
        const auto row = [](const char* tag, const char* key, const char* value, const char* field) {
            QTest::newRow(tag) << QString(key) << QString(value) << QString(field);
        };
        row("format missing", "format", "<remove>", "format");
        row("format other", "format", R"("iglu-rollout/2")", "format");
        row("unknown key", "reward", "[1]", "reward");
        row("agent missing", "agent", "<remove>", "agent");
        row("agent number", "agent", "3", "agent");
        row("agent empty", "agent", R"("")", "agent");
        row("task_id missing", "task_id", "<remove>", "task_id");
        row("task unknown key", "task.goal", "[]", "task.goal");
        row("task target missing", "task.target_blocks", "<remove>", "task.target_blocks");
        row("task target outside", "task.target_blocks", "[[9, 0, 0, 1]]", "task.target_blocks");
        row("task colour 7", "task.target_blocks", "[[0, 0, 0, 7]]", "task.target_blocks");
        row("task block twice", "task.starting_blocks", "[[0, 0, 0, 1], [0, 0, 0, 2]]", "task.starting_blocks");
        row("task block short", "task.starting_blocks", "[[0, 0, 1]]", "task.starting_blocks[0]");
        row("task block huge", "task.starting_blocks", "[[0, 0, 4294967297, 1]]", "task.starting_blocks[0]");
        row("task instruction number", "task.instruction", "1", "task.instruction");
        row("env max_steps 0", "env.max_steps", "0", "env.max_steps");
        row("env unknown", "env.speed", "2", "env.speed");
        row("env not object", "env", "[]", "env");
        row("seed text", "seed", R"("1")", "seed");
        row("seed fraction", "seed", "1.5", "seed");
        row("repetition negative", "repetition", "-1", "repetition");
        row("actions missing", "actions", "<remove>", "actions");
        row("actions object", "actions", "{}", "actions");
        row("action 18", "actions", "[1, 18]", "actions[1]");
        row("action -1", "actions", "[-1]", "actions[0]");
        row("action null", "actions", "[null]", "actions[0]");
        row("action bad text", "actions", R"(["jump"])", "actions[0]");
        row("action flying text in walking", "actions", R"(["flying 0 0 0 0 0 0 0 0"])", "actions[0]");
        row("action truncated text", "actions", R"(["walking 0 0 1"])", "actions[0]");
        row("walking dict missing", "actions",
            R"([{"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0]}])",
            "actions[0].hotbar");
        row("walking dict extra", "actions",
            R"([{"forward": 1, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0, "sneak": 1}])",
            "actions[0].sneak");
        row("walking flag 2", "actions",
            R"([{"forward": 2, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 0}])",
            "actions[0].forward");
        row("walking hotbar 7", "actions",
            R"([{"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0, 0], "hotbar": 7}])",
            "actions[0].hotbar");
        row("walking camera short", "actions",
            R"([{"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": [0], "hotbar": 0}])",
            "actions[0].camera");
        row("walking camera text", "actions",
            R"([{"forward": 0, "back": 0, "left": 0, "right": 0, "jump": 0, "attack": 0, "use": 0, "camera": ["a", 0], "hotbar": 0}])",
            "actions[0].camera[0]");
        row("flying dict in walking", "actions", R"([{"movement": [0, 0, 0], "camera": [0, 0], "inventory": 0, "placement": 0}])",
            "actions[0].inventory");
        row("int without discretize", "env.discretize", "false", "actions[0]");
        row("rewards short", "rewards", "[0]", "rewards");
        row("rewards text", "rewards", R"([0, 0, "x", 0, 0])", "rewards[2]");
        row("final grid colour", "final_grid", "[[0, 0, 0, 9]]", "final_grid");
        row("final grid not list", "final_grid", "3", "final_grid");
        row("not an object", "", "[1, 2]", "line");
        row("not JSON", "", R"({"format": )", "JSON");
        row("duplicate key", "", R"({"format": "iglu-rollout/1", "format": "iglu-rollout/1"})", "format");
    }

    void badLinesNameTheLineAndField() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, field);
        std::string line;
        if (key.isEmpty()) {
            line = value.toStdString();
        } else {
            QJsonObject o = goodLine();
            const QStringList path = key.split('.');
            QJsonObject inner = path.size() == 2 ? o[path[0]].toObject() : o;
            const QString last = path.last();
            if (value == "<remove>") inner.remove(last);
            else inner[last] = QJsonDocument::fromJson("[" + value.toUtf8() + "]").array()[0];
            if (path.size() == 2) o[path[0]] = inner;
            else o = inner;
            line = text(o);
        }
        try {
            (void)parseRolloutLine(line, "runs.jsonl:7");
            QFAIL("accepted");
        } catch (const RolloutFileError& e) {
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.startsWith("runs.jsonl:7: " + field + ":"), qPrintable(what));
        }
    }

    void numbersQtWouldWriteAsIntegers() {
        // QJsonDocument writes 1.0 as 1: these lines are edited as text.
        std::string line = text(goodLine());
        line.replace(line.find("\"actions\":[1,") + 11, 1, "1.0");
        try {
            (void)parseRolloutLine(line, "f:3");
            QFAIL("accepted");
        } catch (const RolloutFileError& e) {
            QVERIFY2(QString(e.what()).startsWith("f:3: actions[0]:"), e.what());
        }
    }

    void nonFiniteNumbersAreRefused() {
        // JSON has no NaN; a number beyond double's range reads as infinity.
        QJsonObject o = goodLine();
        o["env"] = QJsonObject{{"action_space", "flying"}};
        std::string line = text(o);
        const std::string action = R"({"movement":[1e999,0,0],"camera":[0,0],"inventory":0,"placement":0})";
        line.replace(line.find("\"actions\":[") + 11, 0, action + ",");
        try {
            (void)parseRolloutLine(line, "f:2");
            QFAIL("accepted");
        } catch (const RolloutFileError& e) {
            QVERIFY2(QString(e.what()).startsWith("f:2: "), e.what());
        }
    }

    void theReaderNamesTheLineAfterGoodOnes() {
        QTemporaryDir dir;
        const std::string good = text(goodLine());
        QJsonObject badObj = goodLine();
        badObj["actions"] = QJsonArray{1, 99};
        const QString path = dir.filePath("runs.jsonl");
        QVERIFY(iglu::test::writeAll(path, QByteArray::fromStdString(good + "\n\n" + good + "\r\n" + text(badObj) + "\n" + good)));
        std::vector<int> lines;
        try {
            readRolloutFile(path.toStdString(), [&](RolloutRecord&& r) { lines.push_back(r.line); });
            QFAIL("accepted");
        } catch (const RolloutFileError& e) {
            QVERIFY2(QString(e.what()).startsWith(path + ":4: actions[1]:"), e.what());
        }
        QCOMPARE(lines, (std::vector<int>{1, 3}));  // blank line 2 skipped; line 3 ends with \r\n
        // The last line without a newline is read too.
        QVERIFY(iglu::test::writeAll(path, QByteArray::fromStdString(good + "\n" + good)));
        lines.clear();
        std::size_t lastRead = 0, size = 0;
        readRolloutFile(
            path.toStdString(), [&](RolloutRecord&& r) { lines.push_back(r.line); },
            [&](std::size_t read, std::size_t total) {
                lastRead = read;
                size = total;
            });
        QCOMPARE(lines, (std::vector<int>{1, 2}));
        QCOMPARE(lastRead, size);
    }

    void overLongLinesAndNonFilesAreRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath("long.jsonl");
        QVERIFY(iglu::test::writeAll(path, QByteArray("short\n") + QByteArray(300, 'x') + "\nend\n"));
        std::vector<std::string> seen;
        try {
            readLines(path.toStdString(), 100, [&](std::string_view l, int, std::size_t, std::size_t) { seen.emplace_back(l); });
            QFAIL("accepted");
        } catch (const FileError& e) {
            QCOMPARE(e.kind(), FileError::Kind::TooLarge);
            QVERIFY2(QString(e.what()).contains("line 2 is longer than the limit of 100 bytes"), e.what());
        }
        QCOMPARE(seen, std::vector<std::string>{"short"});
        // A FIFO: refused at once, never opened for reading (which would wait for a writer).
        const QString fifo = dir.filePath("pipe.jsonl");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        try {
            readRolloutFile(fifo.toStdString(), [](RolloutRecord&&) {});
            QFAIL("accepted");
        } catch (const RolloutFileError& e) {
            QVERIFY2(QString(e.what()).contains("FIFO"), e.what());
        }
        try {
            readRolloutFile(dir.filePath("missing.jsonl").toStdString(), [](RolloutRecord&&) {});
            QFAIL("accepted");
        } catch (const RolloutFileError& e) {
            QVERIFY2(QString(e.what()).contains("no such file"), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestRolloutFile)
#include "test_rollout_file.moc"
