// A corpus of bad dataset inputs, generated here, each run through the importer API and through
// `iglu import` (a real process): bytes that are not UTF-8 in every text field of the single-turn
// CSVs, a FIFO / folder / dangling symbolic link / unreadable file in place of every required
// file, a key written twice in every kind of JSON input, and truncated files. Each must end with a
// clear message naming the file and the line or field, a normal exit (no signal, no hang: a FIFO
// is never opened for reading), and the catalog holding exactly the good rows (a bad row is
// skipped) or nothing (a file that cannot be used at all refuses the import before writing).
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/catalog/catalog.hpp"
#include "core/task/task_list.hpp"
#include "core/util/file_read.hpp"
#include "core/util/json_keys.hpp"
#include "core/util/utf8.hpp"
#include "datasets/importer.hpp"
#include "datasets/label_io.hpp"
#include "support/process.hpp"

using namespace iglu;
using namespace iglu::datasets;
namespace fs = std::filesystem;

namespace {

void spit(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string world(int x) {
    return R"({"avatarInfo":{"pos":[0.5,64.5,0.5],"look":[10,-5]},"worldEndingState":{"blocks":[[)" + std::to_string(x) +
           R"(,63,0,60]]}})";
}

const std::vector<std::string> kColumns{"GameId", "ClarifyingQuestion", "InitializedWorldPath", "InputInstruction",
                                        "IsInstructionClear", "Partition", "qrel", "qbank"};

// Three good rows, CQ-game-1..3, each with its own start and target file.
std::vector<std::vector<std::string>> goodRows() {
    std::vector<std::vector<std::string>> rows;
    for (int n = 1; n <= 3; ++n)
        rows.push_back({"CQ-game-" + std::to_string(n), "Which one?", "initial_world_states/builder-data/1-c1/step-" + std::to_string(2 * n),
                        "Place a red block.", "Yes", "train", "q_1", "['q_1']"});
    return rows;
}

std::string csvText(const std::vector<std::vector<std::string>>& rows) {
    std::string s;
    for (std::size_t i = 0; i < kColumns.size(); ++i) s += (i ? "," : "") + kColumns[i];
    s += "\n";
    for (const auto& r : rows) {
        for (std::size_t i = 0; i < r.size(); ++i) s += (i ? "," : "") + r[i];
        s += "\n";
    }
    return s;
}

void writeDataset(const fs::path& root, const std::vector<std::vector<std::string>>& rows) {
    spit(root / "clarifying_questions_train.csv", csvText(rows));
    spit(root / "question_bank.csv", "qrel,ClarifyingQuestion\nq_1,Which colour?\nq_2,Where?\n");
    for (int n = 1; n <= 3; ++n) {
        spit(root / ("initial_world_states/builder-data/1-c1/step-" + std::to_string(2 * n)), world(n - 2));
        spit(root / ("target_world_states/builder-data/actionHit/game-" + std::to_string(n) + "/game-" + std::to_string(n) + "-step-action"),
             world(n));
    }
}

std::string startOf(int n) { return "initial_world_states/builder-data/1-c1/step-" + std::to_string(2 * n); }
std::string targetOf(int n) {
    return "target_world_states/builder-data/actionHit/game-" + std::to_string(n) + "/game-" + std::to_string(n) + "-step-action";
}

std::set<std::string> taskIds(const std::string& db) {
    catalog::Catalog c(db);
    std::set<std::string> ids;
    for (const auto& t : c.findTasks()) ids.insert(t.id);
    return ids;
}

// What replaces a required file.
enum class Bad { Fifo, Folder, DanglingLink, Unreadable };
const char* badName(Bad b) {
    switch (b) {
        case Bad::Fifo: return "FIFO";
        case Bad::Folder: return "folder";
        case Bad::DanglingLink: return "dangling symbolic link";
        case Bad::Unreadable: return "permission denied";
    }
    return "?";
}
void makeBad(const fs::path& p, Bad b) {
    fs::remove_all(p);
    fs::create_directories(p.parent_path());
    switch (b) {
        case Bad::Fifo: QVERIFY(::mkfifo(p.c_str(), 0644) == 0); break;
        case Bad::Folder: fs::create_directories(p); break;
        case Bad::DanglingLink: fs::create_symlink(p.parent_path() / "gone", p); break;
        case Bad::Unreadable:
            spit(p, "{}");
            fs::permissions(p, fs::perms::none);
            break;
    }
}
// root ignores file permissions: the unreadable-file case is only meaningful for other users.
bool canTestUnreadable() { return ::geteuid() != 0; }

using iglu::test::ProcessResult;
// `iglu` with a short hang detector: a hang (e.g. blocked on a FIFO) fails the test.
ProcessResult runCli(const QStringList& args) { return iglu::test::runIglu(args, {60000, {}}); }

int countOf(const std::map<Reason, int>& m, Reason r) {
    const auto it = m.find(r);
    return it == m.end() ? 0 : it->second;
}

QString issuesText(const ImportReport& r) {
    QString s;
    for (const auto& i : r.issues) s += QString::fromStdString(i.message) + "\n";
    return s;
}

}  // namespace

class TestBadInputs : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    int n_ = 0;
    std::string freshDb() { return (tmp_.path() + QStringLiteral("/b%1.db").arg(++n_)).toStdString(); }
    fs::path freshDir() { return fs::path(tmp_.path().toStdString()) / ("ds" + std::to_string(++n_)); }

private slots:
    // The helpers every reader uses.
    void utf8Validation() {
        QVERIFY(core::isValidUtf8("plain ascii, caf\xC3\xA9, \xE2\x82\xAC, \xF0\x9F\x98\x80"));
        for (const char* bad : {"\xFF", "caf\xE9", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82", "\x80"})
            QVERIFY2(!core::isValidUtf8(bad), bad);
        QCOMPARE(core::invalidUtf8Offset("ab\xFF" "c").value(), std::size_t(2));
        QCOMPARE(core::toValidUtf8("a\xFF" "b"), std::string("a\xEF\xBF\xBD" "b"));
        QVERIFY(core::describeInvalidUtf8("ab\xE9").find("0xE9") != std::string::npos);
    }

    void duplicateKeyScanner() {
        QVERIFY(!core::findDuplicateKey(R"({"a":1,"b":{"a":2},"c":[{"a":1},{"a":2}]})"));
        auto d = core::findDuplicateKey("{\"a\":1,\n \"b\":2, \"a\":3}");
        QVERIFY(d);
        QCOMPARE(d->key, std::string("a"));
        QCOMPARE(d->line, 2);
        QCOMPARE(d->column, 9);
        QVERIFY(core::findDuplicateKey(R"({"x":{"k":"a","k":"b"}})"));
        const std::string valueLikeKey = "{\"k\":\"\\\"k\\\"\",\"v\":\"k\"}";  // {"k":"\"k\"","v":"k"}
        QVERIFY(!core::findDuplicateKey(valueLikeKey));  // a value equal to a key is not a key
        std::string many = "{";
        for (int i = 0; i < 5000; ++i) many += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
        many += "\"k42\":0}";
        d = core::findDuplicateKey(many);
        QVERIFY(d);
        QCOMPARE(d->key, std::string("k42"));
    }

    // Every text field of the single-turn CSV: the row is skipped with file:line:field, the others land.
    void nonUtf8InEverySingleTurnField() {
        for (std::size_t col = 0; col < kColumns.size(); ++col) {
            const fs::path root = freshDir();
            auto rows = goodRows();
            rows[1][col] += "\xE9t\xE9";  // Latin-1 "été" in CQ-game-2's field
            writeDataset(root, rows);
            const std::string csv = (root / "clarifying_questions_train.csv").string();
            const std::string where = csv + ":3";
            {
                const std::string db = freshDb();
                catalog::Catalog c(db);
                const auto r = importSingleTurn(root.string(), c);
                QVERIFY2(r.imported == 2 && r.skipped == 1, qPrintable(QString::fromStdString(kColumns[col]) + "\n" + issuesText(r)));
                QCOMPARE(countOf(r.skippedBy, Reason::InvalidUtf8), 1);
                const QString issues = issuesText(r);
                QVERIFY2(issues.contains(QString::fromStdString(where)) && issues.contains(QString::fromStdString("field " + kColumns[col])) &&
                             issues.contains(QStringLiteral("0xE9")),
                         qPrintable(issues));
                QCOMPARE(taskIds(db), (std::set<std::string>{"CQ-game-1", "CQ-game-3"}));
                for (const auto& t : c.loadTasks({})) QVERIFY(core::isValidUtf8(t.task.instruction));
            }
            // The same through the command line, as text and as JSON.
            for (bool json : {false, true}) {
                const QString db = QString::fromStdString(freshDb());
                QStringList args{"import", "singleturn", QString::fromStdString(root.string()), "--db", db};
                if (json) args << "--json";
                const ProcessResult run = runCli(args);
                QVERIFY2(!run.crashed && run.exitCode == 0, qPrintable(run.err));
                QVERIFY2(run.out.contains(QString::fromStdString(where)) && run.out.contains(QString::fromStdString(kColumns[col])),
                         qPrintable(run.out));
                if (json) {
                    const auto j = nlohmann::json::parse(run.out.toStdString());
                    QCOMPARE(j["imported"].get<int>(), 2);
                    QCOMPARE(j["skipped_by_reason"]["text is not UTF-8"].get<int>(), 1);
                }
                QCOMPARE(taskIds(db.toStdString()), (std::set<std::string>{"CQ-game-1", "CQ-game-3"}));
            }
        }
    }

    // A bad byte in the CSV header refuses the whole import before anything is written; a bad row
    // of the question bank is a warning with its line (its questions are optional metadata).
    void nonUtf8InHeaderAndQuestionBank() {
        const fs::path root = freshDir();
        writeDataset(root, goodRows());
        std::string text = csvText(goodRows());
        text.replace(text.find("Partition"), 9, "Parti\xFFtion");
        spit(root / "clarifying_questions_train.csv", text);
        const std::string db = freshDb();
        {
            catalog::Catalog c(db);
            try {
                importSingleTurn(root.string(), c);
                QFAIL("a header that is not UTF-8 was accepted");
            } catch (const DatasetError& e) {
                QCOMPARE(e.reason(), Reason::InvalidUtf8);
                QVERIFY2(std::string(e.what()).find("clarifying_questions_train.csv:1") != std::string::npos, e.what());
            }
            QCOMPARE(c.taskCount(), 0);
        }
        const ProcessResult run = runCli({"import", "singleturn", QString::fromStdString(root.string()), "--db", QString::fromStdString(db)});
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("clarifying_questions_train.csv:1") && run.err.contains("not UTF-8"), qPrintable(run.err));
        QVERIFY2(!run.err.contains("json.exception"), qPrintable(run.err));

        const fs::path root2 = freshDir();
        writeDataset(root2, goodRows());
        spit(root2 / "question_bank.csv", "qrel,ClarifyingQuestion\nq_1,Which colo\xFCr?\nq_2,Where?\n");
        catalog::Catalog c(freshDb());
        const auto r = importSingleTurn(root2.string(), c);
        QCOMPARE(r.imported, 3);
        QCOMPARE(countOf(r.warningsBy, Reason::InvalidUtf8), 1);
        QVERIFY2(issuesText(r).contains("question_bank.csv:2") && issuesText(r).contains("field ClarifyingQuestion"), qPrintable(issuesText(r)));
    }

    // A label CSV with a bad byte: that row is skipped with its line.
    void nonUtf8InLabelCsv() {
        const fs::path dir = freshDir();
        spit(dir / "labels.csv", "task_id,skill,value,source,labeler,reason,time\nA,flat,1,human,ann,ok,t\nB,tall,0,human,\xE9ve,ok,t\n");
        catalog::Catalog c(freshDb());
        const auto r = importLabels((dir / "labels.csv").string(), c);
        QCOMPARE(r.labels, 1);
        QCOMPARE(countOf(r.skippedBy, Reason::InvalidUtf8), 1);
        QVERIFY2(issuesText(r).contains("labels.csv:3") && issuesText(r).contains("field labeler"), qPrintable(issuesText(r)));
    }

    // A FIFO, folder, dangling link or unreadable file in place of each required single-turn file.
    void nonRegularFilesInPlaceOfEachRequiredFile() {
        for (Bad bad : {Bad::Fifo, Bad::Folder, Bad::DanglingLink, Bad::Unreadable}) {
            if (bad == Bad::Unreadable && !canTestUnreadable()) continue;
            // The CSV itself: the import is refused, nothing written.
            {
                const fs::path root = freshDir();
                writeDataset(root, goodRows());
                makeBad(root / "clarifying_questions_train.csv", bad);
                const std::string db = freshDb();
                {
                    catalog::Catalog c(db);
                    try {
                        importSingleTurn(root.string(), c);
                        QFAIL("an unusable CSV was accepted");
                    } catch (const DatasetError& e) {
                        QVERIFY2(std::string(e.what()).find(badName(bad)) != std::string::npos, e.what());
                        QVERIFY2(std::string(e.what()).find("no such file") == std::string::npos, e.what());
                    }
                    QCOMPARE(c.taskCount(), 0);
                }
                const ProcessResult run = runCli({"import", "singleturn", QString::fromStdString(root.string()), "--db", QString::fromStdString(db)});
                QVERIFY2(!run.crashed, "iglu import hung or crashed");
                QCOMPARE(run.exitCode, 2);
                QVERIFY2(run.err.contains("clarifying_questions_train.csv") && run.err.contains(badName(bad)), qPrintable(run.err));
            }
            // A world file (start of game 2, target of game 3): that row is skipped, naming the file and what it is.
            for (const std::string& rel : {startOf(2), targetOf(3)}) {
                const fs::path root = freshDir();
                writeDataset(root, goodRows());
                makeBad(root / rel, bad);
                const std::string db = freshDb();
                {
                    catalog::Catalog c(db);
                    const auto r = importSingleTurn(root.string(), c);
                    QCOMPARE(r.imported, 2);
                    QCOMPARE(countOf(r.skippedBy, Reason::UnreadableFile), 1);
                    const QString issues = issuesText(r);
                    QVERIFY2(issues.contains(QString::fromStdString(rel)) && issues.contains(badName(bad)), qPrintable(issues));
                }
                const ProcessResult run = runCli({"import", "singleturn", QString::fromStdString(root.string()), "--db", QString::fromStdString(freshDb())});
                QVERIFY2(!run.crashed, "iglu import hung or crashed");
                QCOMPARE(run.exitCode, 0);
                QVERIFY2(run.out.contains(QString::fromStdString(rel)) && run.out.contains(badName(bad)), qPrintable(run.out));
            }
            // A session step and structures.json.
            {
                const fs::path root = freshDir();
                spit(root / "builder-data/1-c1/step-2", world(0));
                makeBad(root / "builder-data/1-c1/step-4", bad);
                catalog::Catalog c(freshDb());
                const auto r = importSessions(root.string(), c);
                QCOMPARE(r.imported, 1);
                QCOMPARE(countOf(r.skippedBy, Reason::UnreadableFile), 1);
                QVERIFY2(issuesText(r).contains("step-4") && issuesText(r).contains(badName(bad)), qPrintable(issuesText(r)));
            }
            {
                const fs::path root = freshDir();
                makeBad(root / "structures.json", bad);
                const ProcessResult run = runCli({"import", "structures", QString::fromStdString((root / "structures.json").string()), "--db",
                                        QString::fromStdString(freshDb())});
                QVERIFY2(!run.crashed, "iglu import hung or crashed");
                QCOMPARE(run.exitCode, 2);
                QVERIFY2(run.err.contains("structures.json") && run.err.contains(badName(bad)), qPrintable(run.err));
            }
            // A task list (.jsonl) is read the same way.
            {
                const fs::path root = freshDir();
                makeBad(root / "tasks.jsonl", bad);
                try {
                    core::readTaskList((root / "tasks.jsonl").string());
                    QFAIL("an unusable task list was accepted");
                } catch (const std::runtime_error& e) {
                    QVERIFY2(std::string(e.what()).find(badName(bad)) != std::string::npos, e.what());
                }
            }
        }
    }

    // A key written twice, in every kind of JSON input: world states (top level and nested),
    // structures.json, label files and task lists. The message names the file, line and key.
    void duplicateKeysInEveryJsonKind() {
        const std::vector<std::pair<std::string, std::string>> worlds{
            {"worldEndingState", R"({"worldEndingState":{"blocks":[]},
"worldEndingState":{"blocks":[[0,63,0,60]]}})"},
            {"pos", R"({"avatarInfo":{"pos":[0,64,0],
"pos":[1,64,1]},"worldEndingState":{"blocks":[]}})"},
            {"tape", R"({"worldEndingState":{"blocks":[]},"tape":"",
"tape":""})"},
        };
        for (const auto& [key, text] : worlds) {
            const fs::path root = freshDir();
            writeDataset(root, goodRows());
            spit(root / targetOf(2), text);
            const std::string db = freshDb();
            {
                catalog::Catalog c(db);
                const auto r = importSingleTurn(root.string(), c);
                QCOMPARE(r.imported, 2);
                QCOMPARE(countOf(r.skippedBy, Reason::DuplicateKey), 1);
                const QString issues = issuesText(r);
                QVERIFY2(issues.contains(QString::fromStdString(targetOf(2))) && issues.contains("line 2") &&
                             issues.contains(QString::fromStdString("\"" + key + "\"")),
                         qPrintable(issues));
            }
            QCOMPARE(taskIds(db), (std::set<std::string>{"CQ-game-1", "CQ-game-3"}));
        }
        // structures.json: the file is refused whole (a parse-level problem), nothing written.
        {
            const fs::path dir = freshDir();
            spit(dir / "structures.json", "{\"structures\": [{\"id\": \"C1\", \"blocks\": [[0,0,0,1]],\n \"id\": \"C2\"}]}");
            const std::string db = freshDb();
            {
                catalog::Catalog c(db);
                try {
                    importStructures((dir / "structures.json").string(), c);
                    QFAIL("duplicate key accepted");
                } catch (const DatasetError& e) {
                    QCOMPARE(e.reason(), Reason::DuplicateKey);
                    QVERIFY2(std::string(e.what()).find("structures.json: line 2") != std::string::npos &&
                                 std::string(e.what()).find("\"id\"") != std::string::npos,
                             e.what());
                }
                QCOMPARE(c.taskCount(), 0);
            }
            const ProcessResult run = runCli({"import", "structures", QString::fromStdString((dir / "structures.json").string()), "--db",
                                    QString::fromStdString(db)});
            QVERIFY(!run.crashed);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("line 2") && run.err.contains("duplicate key \"id\""), qPrintable(run.err));
        }
        // A label file.
        {
            const fs::path dir = freshDir();
            spit(dir / "labels.json", R"({"labels": [{"task_id": "A", "skill": "flat", "value": true, "value": false, "source": "human"}]})");
            catalog::Catalog c(freshDb());
            try {
                importLabels((dir / "labels.json").string(), c);
                QFAIL("duplicate key accepted");
            } catch (const DatasetError& e) {
                QCOMPARE(e.reason(), Reason::DuplicateKey);
                QVERIFY2(std::string(e.what()).find("duplicate key \"value\"") != std::string::npos, e.what());
            }
        }
        // A task list: the line and key.
        {
            const fs::path dir = freshDir();
            spit(dir / "tasks.jsonl", "{\"id\":\"a\",\"target_blocks\":[]}\n{\"id\":\"b\",\"target_blocks\":[],\"id\":\"c\"}\n");
            try {
                core::readTaskList((dir / "tasks.jsonl").string());
                QFAIL("duplicate key accepted");
            } catch (const std::runtime_error& e) {
                QVERIFY2(std::string(e.what()).find("tasks.jsonl:2") != std::string::npos &&
                             std::string(e.what()).find("duplicate key \"id\"") != std::string::npos,
                         e.what());
            }
        }
        // A task list using one id twice (a blank line between): the later task and line, and the
        // earlier task and its line.
        {
            const fs::path dir = freshDir();
            spit(dir / "tasks.jsonl", "{\"id\":\"a\",\"target_blocks\":[]}\n\n{\"id\":\"b\",\"target_blocks\":[]}\n"
                                      "{\"id\":\"a\",\"target_blocks\":[]}\n");
            try {
                core::readTaskList((dir / "tasks.jsonl").string());
                QFAIL("a repeated task id accepted");
            } catch (const std::runtime_error& e) {
                QVERIFY2(std::string(e.what()).find("tasks.jsonl:4: task 3: id \"a\" is already used by task 1 (line 1)") !=
                             std::string::npos,
                         e.what());
            }
        }
    }

    // Truncated files: the CSV (inside a quoted field), a world state, structures.json.
    void truncatedFiles() {
        {
            const fs::path root = freshDir();
            writeDataset(root, goodRows());
            std::string text = csvText(goodRows()) + "CQ-game-9,\"Which";
            spit(root / "clarifying_questions_train.csv", text);
            const std::string db = freshDb();
            const ProcessResult run = runCli({"import", "singleturn", QString::fromStdString(root.string()), "--db", QString::fromStdString(db)});
            QVERIFY(!run.crashed);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("clarifying_questions_train.csv:5") && run.err.contains("unterminated"), qPrintable(run.err));
            QCOMPARE(taskIds(db).size(), std::size_t(0));
        }
        {
            const fs::path root = freshDir();
            writeDataset(root, goodRows());
            const std::string w = world(0);
            spit(root / startOf(1), w.substr(0, w.size() / 2));
            catalog::Catalog c(freshDb());
            const auto r = importSingleTurn(root.string(), c);
            QCOMPARE(r.imported, 2);
            QCOMPARE(countOf(r.skippedBy, Reason::MalformedJson), 1);
            QVERIFY2(issuesText(r).contains(QString::fromStdString(startOf(1))) && issuesText(r).contains("line 1"), qPrintable(issuesText(r)));
        }
        {
            const fs::path dir = freshDir();
            spit(dir / "structures.json", "{\"structures\": [{\"id\": \"C1\",\n \"blocks\": [[0,0");
            const ProcessResult run = runCli({"import", "structures", QString::fromStdString((dir / "structures.json").string()), "--db",
                                    QString::fromStdString(freshDb())});
            QVERIFY(!run.crashed);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("structures.json: line 2") && run.err.contains("malformed JSON"), qPrintable(run.err));
        }
    }

    // Paths in the report may hold any bytes (a session folder named with Latin-1): the report
    // and its JSON stay valid UTF-8.
    void reportsWithNonUtf8PathsStayValid() {
        const fs::path root = freshDir();
        spit(root / "builder-data/1-c1/step-2", world(0));
        fs::create_directories(root / "builder-data/caf\xE9");
        const ProcessResult run = runCli({"import", "sessions", QString::fromStdString(root.string()), "--db", QString::fromStdString(freshDb()), "--json"});
        QVERIFY2(!run.crashed && run.exitCode == 0, qPrintable(run.err));
        const auto j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j["imported"].get<int>(), 1);
        QCOMPARE(j["skipped"].get<int>(), 1);
    }

    // A catalog already holding text that is not UTF-8 (written by an older version or another
    // tool): `iglu tasks --json` replaces the bad bytes instead of failing.
    void tasksJsonOnCatalogWithBadText() {
        const std::string db = freshDb();
        {
            catalog::Catalog c(db);
            catalog::TaskRecord t;
            t.task.id = "bad-text";
            t.task.instruction = "caf\xE9 au lait";
            t.clarifyingQuestion = "\xFF?";
            c.putTask(t);
        }
        const ProcessResult run = runCli({"tasks", "--db", QString::fromStdString(db), "--json"});
        QVERIFY2(!run.crashed && run.exitCode == 0, qPrintable(run.err));
        const auto j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j["id"].get<std::string>(), std::string("bad-text"));
        QCOMPARE(j["instruction"].get<std::string>(), std::string("caf\xEF\xBF\xBD au lait"));
    }
};

QTEST_GUILESS_MAIN(TestBadInputs)
#include "test_bad_inputs.moc"
