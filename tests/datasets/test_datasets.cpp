// Datasets: the importers on the real IGLU sample (checked against the raw files with an
// independent JSON parser), tape replay, idempotent re-import, and bad input of every kind.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/util/text_rules.hpp"

#include <csignal>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/catalog/catalog.hpp"
#include "csv_reader.hpp"
#include "datasets/importer.hpp"
#include "datasets/label_io.hpp"
#include "tape.hpp"
#include "world_state.hpp"
#include "support/process.hpp"
#include "support/shared_dir.hpp"

using namespace iglu;
using namespace iglu::datasets;
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void spit(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// The raw file's blocks converted by the data README's rules, with nlohmann (not the importer's simdjson).
core::Grid rawGrid(const std::string& path) {
    auto j = nlohmann::json::parse(slurp(path));
    static const std::map<int, int> colour{{57, 1}, {86, 1}, {59, 2}, {88, 2}, {60, 3}, {91, 3},
                                           {47, 4}, {89, 4}, {56, 5}, {90, 5}, {50, 6}, {87, 6}};
    core::Grid g;
    for (const auto& b : j["worldEndingState"]["blocks"]) g.set(b[0].get<int>(), b[1].get<int>() - 64, b[2].get<int>(), colour.at(b[3].get<int>()));
    return g;
}

std::string worldJson(const std::string& blocks, const std::string& tape = "") {
    std::string s = R"({"gameId":1,"stepId":1,"avatarInfo":{"pos":[0.5,64.5,0.5],"look":[10,-5]},"worldEndingState":{"blocks":)" + blocks + "}";
    if (!tape.empty()) s += R"(,"tape":")" + tape + "\"";
    return s + "}";
}

const char* kHeader = "GameId,ClarifyingQuestion,InitializedWorldPath,InputInstruction,IsInstructionClear,Partition,qrel,qbank\n";

// A one-task single-turn dataset in `root` with the given start/target files.
void writeDataset(const fs::path& root, const std::string& start, const std::string& target, const std::string& rows = "") {
    spit(root / "clarifying_questions_train.csv",
         std::string(kHeader) + (rows.empty() ? "CQ-game-1,,initial_world_states/builder-data/1-c1/step-2,Place a red block.,Yes,train,,\n" : rows));
    spit(root / "initial_world_states/builder-data/1-c1/step-2", start);
    if (!target.empty()) spit(root / "target_world_states/builder-data/actionHit/game-1/game-1-step-action", target);
}

}  // namespace

class TestDatasets : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    int n_ = 0;
    std::string freshDb() { return (tmp_.path() + QStringLiteral("/d%1.db").arg(++n_)).toStdString(); }
    fs::path freshDir() { return fs::path(tmp_.path().toStdString()) / ("ds" + std::to_string(++n_)); }

    ImportReport importOne(const fs::path& root, catalog::Catalog& c) { return importSingleTurn(root.string(), c); }

    QString issuesText(const ImportReport& r) {
        QString s;
        for (const auto& i : r.issues) s += QString::fromStdString(i.message) + "\n";
        return s;
    }

private slots:
    void singleTurnSampleMatchesRawFiles() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        const std::string root = (iglu::test::sharedDir() + "/data/iglu-singleturn").toStdString();
        catalog::Catalog c(freshDb());
        auto report = importSingleTurn(root, c);
        QCOMPARE(report.imported + report.skipped, 451);
        QCOMPARE(report.imported, 451);  // every row of the sample is usable
        QCOMPARE(c.taskCount(), 451);
        auto csv = CsvTable::read(root + "/clarifying_questions_train.csv");
        int checked = 0;
        for (const auto& rec : csv.records()) {
            const std::string id = rec.fields[0];
            auto t = c.task(id);
            QVERIFY2(t.has_value(), id.c_str());
            auto start = rawGrid(root + "/" + rec.fields[2]);
            const std::string n = id.substr(8);
            auto target = rawGrid(root + "/target_world_states/builder-data/actionHit/game-" + n + "/game-" + n + "-step-action");
            QVERIFY2(t->task.starting == start, id.c_str());
            QVERIFY2(t->task.target == target, id.c_str());
            QCOMPARE(t->task.instruction, rec.fields[3]);
            QCOMPARE(t->clear, std::optional<bool>(rec.fields[4] == "Yes"));
            ++checked;
        }
        QCOMPARE(checked, 451);
        // Unclear instructions carry their clarifying question and question-bank ids.
        catalog::TaskFilter unclear;
        unclear.clear = false;
        auto rows = c.loadTasks(unclear);
        QCOMPARE(rows.size(), std::size_t(38));
        for (const auto& r : rows) {
            QVERIFY(!r.clarifyingQuestion.empty());
            QVERIFY(!r.questionBankIds.empty());
            QVERIFY(r.task.metadata.count("qrel_question"));
        }
    }

    void tapesReplayToTheTarget() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        const std::string root = (iglu::test::sharedDir() + "/data/iglu-singleturn").toStdString();
        catalog::Catalog c(freshDb());
        auto report = importSingleTurn(root, c);
        QCOMPARE(report.rollouts, 451);
        std::set<std::string> reported;
        for (const auto& i : report.issues)
            if (i.reason == Reason::TapeMismatch)
                for (const auto& t : c.findTasks())
                    if (i.message.find("game-" + t.id.substr(8) + "-step-action") != std::string::npos) reported.insert(t.id);
        QCOMPARE(report.warningsBy[Reason::TapeMismatch], 2);  // one task, two symptoms
        QCOMPARE(reported, std::set<std::string>{"CQ-game-2812"});
        int replayed = 0;
        for (const auto& t : c.findTasks()) {
            auto list = c.rollouts(t.id);
            QCOMPARE(list.size(), std::size_t(1));
            auto r = c.rollout(list[0].id);
            auto task = c.task(t.id);
            QCOMPARE(r->starting, task->task.starting);
            if (t.id == "CQ-game-2812") {
                QVERIFY(r->finalGrid() != task->task.target);
                continue;
            }
            QVERIFY2(r->finalGrid() == task->task.target, t.id.c_str());
            core::RolloutCursor cur(*r);
            cur.seek(r->size());
            QVERIFY(cur.grid() == task->task.target);
            cur.seek(0);
            QVERIFY(cur.grid() == task->task.starting);
            ++replayed;
        }
        QCOMPARE(replayed, 450);
    }

    void reimportIsIdempotent() {
        const fs::path root = fs::path(IGLU_SOURCE_DIR) / "examples/data/iglu-singleturn";
        catalog::Catalog c(freshDb());
        auto first = importSingleTurn(root.string(), c);
        c.putLabel({"CQ-game-734", core::Skill::Flat, true, catalog::LabelSource::Human, "ann", "", ""});
        auto second = importSingleTurn(root.string(), c);
        QCOMPARE(first.imported, 20);
        QCOMPARE(second.imported, 20);
        QCOMPARE(c.taskCount(), 20);
        for (const auto& t : c.findTasks()) QCOMPARE(c.rollouts(t.id).size(), std::size_t(1));
        QCOMPARE(c.labels("CQ-game-734").size(), std::size_t(1));
    }

    void sessionsFromTheBundledSample() {
        const fs::path root = fs::path(IGLU_SOURCE_DIR) / "examples/data/iglu-singleturn";
        catalog::Catalog c(freshDb());
        auto r = importSessions(root.string(), c);
        QCOMPARE(r.sessions, 16);
        QCOMPARE(r.imported, 19);
        QCOMPARE(r.skippedBy[Reason::BadFileName], 1);
        QVERIFY(issuesText(r).contains("23-c135/cq-game-1000"));
        auto turns = c.sessionTurns("2-c120");
        QCOMPARE(turns.size(), std::size_t(2));
        QCOMPARE(turns[0].id, std::string("2-c120/step-6"));
        // Consecutive builder turns chain: turn 8 starts where turn 6 ended.
        auto t6 = c.task("2-c120/step-6"), t8 = c.task("2-c120/step-8");
        QVERIFY(t8->task.starting == t6->task.target);
        QCOMPARE(t8->turn, 8);
        QCOMPARE(t8->structureId, std::string("C120"));
        // The files write the string "null" for "no clarifying question": stored as absent, so no
        // view can show "null" (every text field of every imported task is checked).
        for (const auto& rec : c.loadTasks()) {
            for (const std::string* text : {&rec.clarifyingQuestion, &rec.task.instruction, &rec.task.dialog})
                QVERIFY2(text->empty() || !core::absentText(*text), qPrintable(QString::fromStdString(rec.task.id + ": '" + *text + "'")));
        }
        auto again = importSessions(root.string(), c);
        QCOMPARE(c.sessions().size(), std::size_t(16));
        QCOMPARE(c.taskCount(), 19);
        QCOMPARE(again.imported, 19);
    }

    void structuresWithHumanLabels() {
        const fs::path file = fs::path(IGLU_SOURCE_DIR) / "examples/data/structures.json";
        catalog::Catalog c(freshDb());
        auto r = importStructures(file.string(), c);
        QCOMPARE(r.imported, 156);
        QCOMPARE(r.labels, 104 * 5);
        auto raw = nlohmann::json::parse(slurp(file.string()))["structures"];
        for (const auto& s : raw) {
            auto t = c.task(s["id"].get<std::string>());
            QVERIFY(t.has_value());
            QCOMPARE(t->task.target.count(), int(s["blocks"].size()));
            QVERIFY(t->task.starting.empty());
        }
        catalog::TaskFilter flat;
        flat.skills = {core::Skill::Flat};
        int expected = 0;
        for (const auto& s : raw)
            if (s.contains("skills"))
                for (const auto& k : s["skills"]) expected += k == "flat";
        QCOMPARE(int(c.findTasks(flat).size()), expected);
        importStructures(file.string(), c);
        QCOMPARE(int(c.allLabels().size()), 520);
        // A changed dataset re-imported into the catalog: the changed structures (a block less, another
        // name) are skipped as "changed task" with their labels, never overwritten; the rest re-imports.
        auto changed = nlohmann::json::parse(slurp(file.string()));
        auto& list = changed["structures"];
        const std::string lessId = list[0]["id"], renamedId = list[1]["id"];
        const int lessBlocks = c.task(lessId)->task.target.count();
        const std::string renamedInstruction = c.task(renamedId)->task.instruction;
        list[0]["blocks"].erase(list[0]["blocks"].size() - 1);
        list[1]["name"] = "renamed";
        const fs::path changedFile = fs::path(freshDb()).replace_extension(".json");
        spit(changedFile, changed.dump());
        const auto again = importStructures(changedFile.string(), c);
        QCOMPARE(again.skippedBy.at(Reason::ChangedTask), 2);
        QCOMPARE(again.imported, 154);
        const QString issues = issuesText(again);
        QVERIFY2(issues.contains(QString::fromStdString("task " + lessId + " is already in the catalog")) &&
                     issues.contains("target blocks") && issues.contains(QString::fromStdString(renamedId)) &&
                     issues.contains("instruction"),
                 qPrintable(issues));
        QCOMPARE(c.task(lessId)->task.target.count(), lessBlocks);
        QCOMPARE(c.task(renamedId)->task.instruction, renamedInstruction);
        QCOMPARE(int(c.allLabels().size()), 520);
        QCOMPARE(c.taskCount(), 156);
    }

    void badWorldStatesAreReportedNotImported() {
        struct Case {
            const char* name;
            std::string target;
            Reason reason;
            const char* fragment;
        };
        const std::string good = worldJson("[[0,63,0,60]]");
        std::vector<Case> cases{
            {"truncated", good.substr(0, good.size() / 2), Reason::MalformedJson, "line 1, column"},
            {"multi-line malformed", "{\n  \"worldEndingState\": {\n    \"blocks\": [[0, 63, 0, 60],]\n  }\n}", Reason::MalformedJson, "line 3"},
            {"blocks not an array", worldJson("\"lots\""), Reason::WrongType, "worldEndingState.blocks: expected an array"},
            {"coordinate is a string", worldJson("[[0,\"63\",0,60]]"), Reason::WrongType, "worldEndingState.blocks[0][1]"},
            {"huge number", worldJson("[[1e300,63,0,60]]"), Reason::WrongType, "expected an integer"},
            {"three numbers", worldJson("[[0,63,0]]"), Reason::WrongType, "expected 4 numbers"},
            {"unknown block id", worldJson("[[0,63,0,999]]"), Reason::UnknownBlockId, "unknown block id 999"},
            {"above the zone", worldJson("[[0,72,0,60]]"), Reason::OutOfZone, "outside the build zone"},
            {"beside the zone", worldJson("[[6,63,0,60]]"), Reason::OutOfZone, "outside the build zone"},
            {"duplicate", worldJson("[[0,63,0,60],[0,63,0,57]]"), Reason::DuplicateBlock, "second block"},
            {"non-UTF-8", worldJson("[]", "1 action \xff\xfe"), Reason::MalformedJson, "malformed JSON"},
            {"missing state", "{\"tape\": \"\"}", Reason::WrongType, "worldEndingState: missing"},
            {"top-level array", "[1, 2]", Reason::WrongType, "top level"},
        };
        for (const auto& k : cases) {
            const fs::path root = freshDir();
            writeDataset(root, good, k.target);
            catalog::Catalog c(freshDb());
            auto r = importOne(root, c);
            QVERIFY2(r.skipped == 1 && r.imported == 0, k.name);
            QVERIFY2(r.skippedBy[k.reason] == 1, qPrintable(QString(k.name) + ": " + issuesText(r)));
            QVERIFY2(issuesText(r).contains(k.fragment), qPrintable(QString(k.name) + ": " + issuesText(r)));
            QVERIFY2(issuesText(r).contains("game-1-step-action"), k.name);  // names the file
            QCOMPARE(c.taskCount(), 0);
        }
        // A missing file.
        const fs::path root = freshDir();
        writeDataset(root, good, "");
        catalog::Catalog c(freshDb());
        auto r = importOne(root, c);
        QCOMPARE(r.skippedBy[Reason::MissingFile], 1);
        QVERIFY(issuesText(r).contains("no such file"));
    }

    void badCsvRowsAreSkippedWithTheirLine() {
        const std::string good = worldJson("[[0,63,0,60]]");
        const fs::path root = freshDir();
        writeDataset(root, good, worldJson("[[0,63,0,60],[0,64,0,60]]"),
                     "CQ-game-1,,initial_world_states/builder-data/1-c1/step-2,\"Place a red block, then \"\"another\"\"\nabove it.\",Yes,train,,\n"
                     "CQ-game-2,,only,four fields\n"
                     "game-3,,initial_world_states/builder-data/1-c1/step-2,x,Yes,train,,\n"
                     "CQ-game-4,,initial_world_states/builder-data/1-c1/step-2,x,Maybe,train,,\n"
                     "CQ-game-1,,initial_world_states/builder-data/1-c1/step-2,again,Yes,train,,\n"
                     "CQ-game-5,,initial_world_states/builder-data/1-c1/step-2,\xff\xfe latin-1 \xe9,No,train,,\n");
        catalog::Catalog c(freshDb());
        auto r = importOne(root, c);
        const QString text = issuesText(r);
        QCOMPARE(r.skippedBy[Reason::BadCsvRow], 4);
        QVERIFY2(text.contains("clarifying_questions_train.csv:4: 4 fields, expected 8"), qPrintable(text));  // line 4: the quoted newline counts
        QVERIFY2(text.contains(":5: GameId 'game-3'"), qPrintable(text));
        QVERIFY2(text.contains(":6: IsInstructionClear is 'Maybe'"), qPrintable(text));
        QVERIFY2(text.contains(":7: duplicate GameId CQ-game-1 (first on line 2)"), qPrintable(text));
        QCOMPARE(c.task("CQ-game-1")->task.instruction, std::string("Place a red block, then \"another\"\nabove it."));
        // CQ-game-5's instruction is not UTF-8: skipped naming its line and field, before its files are read.
        QCOMPARE(r.skippedBy[Reason::InvalidUtf8], 1);
        QVERIFY2(text.contains(":8: field InputInstruction (column 4): text is not UTF-8 (byte 0xFF at offset 0)"), qPrintable(text));
        QCOMPARE(r.imported, 1);
        // An unterminated quote is a whole-file error naming its line.
        spit(root / "clarifying_questions_train.csv", std::string(kHeader) + "CQ-game-1,\"never closed,x\n");
        try {
            importOne(root, c);
            QFAIL("no error for an unterminated quote");
        } catch (const DatasetError& e) {
            QVERIFY2(QString(e.what()).contains("clarifying_questions_train.csv:2: unterminated quoted field"), e.what());
        }
        // A missing column.
        spit(root / "clarifying_questions_train.csv", "GameId,InputInstruction\nCQ-game-1,x\n");
        QVERIFY_THROWS_EXCEPTION(DatasetError, importOne(root, c));
        QCOMPARE(c.taskCount(), 1);  // nothing stored was lost
    }

    void badTapesAreWarningsAndTheTaskStays() {
        const std::string start = worldJson("[[0,63,0,60]]");
        struct Case {
            const char* name;
            std::string tape;
            Reason reason;
            const char* fragment;
        };
        std::vector<Case> cases{
            {"bad number", "1 action start_recover_world_state\\n2 action finish_recover_world_state\\nxx pos_change (1, 2, 3)", Reason::BadTape, "tape line 3"},
            {"bad tuple", "5 pos_change (1, 2)", Reason::BadTape, "tape line 1: expected ','"},
            {"unknown id", "5 block_change (0, 64, 0, 0, 12345)", Reason::UnknownBlockId, "unknown block id 12345"},
            {"out of zone", "5 block_change (0, 72, 0, 0, 60)", Reason::OutOfZone, "tape line 1"},
            {"does not replay", "5 block_change (1, 63, 1, 0, 60)", Reason::TapeMismatch, "leaves 2 cells different"},
        };
        for (const auto& k : cases) {
            const fs::path root = freshDir();
            writeDataset(root, start, worldJson("[[0,63,0,60],[0,64,0,60]]", k.tape));
            catalog::Catalog c(freshDb());
            auto r = importOne(root, c);
            QVERIFY2(r.imported == 1, k.name);
            QVERIFY2(r.warningsBy[k.reason] >= 1, qPrintable(QString(k.name) + ": " + issuesText(r)));
            QVERIFY2(issuesText(r).contains(k.fragment), qPrintable(QString(k.name) + ": " + issuesText(r)));
        }
        // A good tape: block change, pose and look become frames; replay reaches the target.
        core::Grid startGrid;
        startGrid.set(0, -1, 0, core::Red);
        auto parsed = parseTape("1 action start_recover_world_state\n2 block_change (0, 63, 0, 0, 60)\n3 action finish_recover_world_state\n"
                                "4 pos_change (1.5, 65.25, -2)\n5 set_look (90, -10)\n6 block_change (0, 64, 0, 0, 91) (1, 63, 1, 0, 57)\n",
                                startGrid, core::Pose{}, "mem");
        QVERIFY(parsed.recovered.has_value());
        QCOMPARE(int(parsed.recovered->at(0, -1, 0)), 3);
        QCOMPARE(parsed.rollout.size(), std::size_t(3));
        QCOMPARE(parsed.rollout.frames[0].pose.y, 1.25);
        QCOMPARE(parsed.rollout.frames[1].pose.yaw, 90.0);
        QCOMPARE(parsed.rollout.changesOf(2).size(), std::size_t(2));
        QCOMPARE(int(parsed.rollout.finalGrid().at(1, -1, 1)), 1);
    }

    void labelsRoundTripThroughCsvAndJson() {
        catalog::Catalog a(freshDb());
        importStructures((fs::path(IGLU_SOURCE_DIR) / "examples/data/structures.json").string(), a);
        a.putLabels(std::vector<catalog::SkillLabel>{
            {"C1", core::Skill::Tricky, true, catalog::LabelSource::Auto, "auto-labeler v1", "3 blocks, \"hidden\", here:\n(1,2,3)", ""},
            {"C2", core::Skill::Flat, false, catalog::LabelSource::Human, "Zoë, \"ann\"", "", "2026-11-23T10:00:00Z"}});
        const auto original = a.allLabels();
        QCOMPARE(original.size(), std::size_t(522));
        for (const char* ext : {".csv", ".json"}) {
            const std::string file = (freshDir().string()) + ext;
            QCOMPARE(exportLabels(a, file), 522);
            catalog::Catalog b(freshDb());
            auto r = importLabels(file, b);
            QCOMPARE(r.skipped, 0);
            QCOMPARE(r.labels, 522);
            const auto back = b.allLabels();
            QCOMPARE(back.size(), original.size());
            for (std::size_t i = 0; i < back.size(); ++i) {
                QCOMPARE(back[i].taskId, original[i].taskId);
                QVERIFY(back[i].skill == original[i].skill);
                QCOMPARE(back[i].value, original[i].value);
                QVERIFY(back[i].source == original[i].source);
                QCOMPARE(back[i].labeler, original[i].labeler);
                QCOMPARE(back[i].reason, original[i].reason);
                QCOMPARE(back[i].time, original[i].time);
            }
            // Importing again changes nothing.
            importLabels(file, b);
            QCOMPARE(b.allLabels().size(), original.size());
        }
        QCOMPARE(exportLabels(a, freshDir().string() + ".csv", catalog::LabelSource::Auto), 1);
    }

    void badLabelFilesAreReported() {
        const fs::path csv = freshDir().string() + ".csv";
        spit(csv, "task_id,skill,value,source,labeler,reason,time\n"
                  "C1,flat,1,human,ann,,\n"
                  "C1,wobbly,1,human,ann,,\n"
                  "C1,tall,maybe,human,ann,,\n"
                  "C1,tall,1,robot,ann,,\n"
                  "C1,tall,1\n");
        catalog::Catalog c(freshDb());
        auto r = importLabels(csv.string(), c);
        QCOMPARE(r.labels, 1);
        QCOMPARE(r.skipped, 4);
        const QString text = issuesText(r);
        QVERIFY2(text.contains("line 3: unknown skill 'wobbly'"), qPrintable(text));
        QVERIFY(text.contains("line 4: value 'maybe'"));
        QVERIFY(text.contains("line 5: source 'robot'"));
        QVERIFY(text.contains(":6: 3 fields, expected 7"));
        const fs::path json = freshDir().string() + ".json";
        spit(json, R"({"labels": [{"task_id": "C1", "skill": "flat", "value": "yes", "source": "human"}, {"task_id": 5}]})");
        auto j = importLabels(json.string(), c);
        QCOMPARE(j.skipped, 2);
        QVERIFY(issuesText(j).contains("labels[0].value: expected true or false"));
        spit(json, "{\"labels\": [");
        QVERIFY_THROWS_EXCEPTION(DatasetError, importLabels(json.string(), c));
        QVERIFY_THROWS_EXCEPTION(DatasetError, exportLabels(c, "/no/such/dir/labels.csv"));
        QVERIFY_THROWS_EXCEPTION(DatasetError, exportLabels(c, freshDir().string() + ".txt"));
        QCOMPARE(c.allLabels().size(), std::size_t(1));
    }

    void importKilledMidwayResumesWithoutDuplicates() {
        IGLU_REQUIRE_SHARED("data/iglu-singleturn");
        const QString root = iglu::test::sharedDir() + "/data/iglu-singleturn";
        const QString db = QString::fromStdString(freshDb());
        QProcess p;
        p.setProgram(iglu::test::igluPath());
        p.setArguments({"import", "singleturn", root, "--db", db});
        p.start();
        QVERIFY(p.waitForStarted());
        // Kill once the progress line passes 64 rows (two batches of 32 committed), mid-way.
        p.setReadChannel(QProcess::StandardError);
        QByteArray err;
        QRegularExpression done(QStringLiteral("singleturn (\\d+)/451"));
        for (int seen = 0; seen < 64;) {
            if (!p.waitForReadyRead(20000)) break;
            err += p.readAllStandardError();
            auto it = done.globalMatch(QString::fromLatin1(err));
            while (it.hasNext()) seen = std::max(seen, it.next().captured(1).toInt());
        }
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        p.waitForFinished();
        int partial = 0;
        {
            catalog::Catalog c(db.toStdString());
            partial = c.taskCount();
            if (partial == 451) QSKIP("the import finished before the kill landed (nothing to check)");
            qInfo("killed with %d of 451 tasks stored", partial);
            for (const auto& t : c.findTasks()) QCOMPARE(c.rollouts(t.id).size(), std::size_t(1));  // task and tape land together
        }
        const iglu::test::ProcessResult again = iglu::test::runIglu({"import", "singleturn", root, "--db", db});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        catalog::Catalog c(db.toStdString());
        QCOMPARE(c.taskCount(), 451);
        int rollouts = 0;
        for (const auto& t : c.findTasks()) rollouts += int(c.rollouts(t.id).size());
        QCOMPARE(rollouts, 451);
    }
};

QTEST_GUILESS_MAIN(TestDatasets)
#include "test_datasets.moc"
