// IGLU single-turn dataset → catalog tasks (+ the builders' tapes as human rollouts).
#include <chrono>
#include <filesystem>
#include <map>
#include <charconv>

#include <nlohmann/json.hpp>

#include "batch_writer.hpp"
#include "core/util/json_parse.hpp"
#include "csv_reader.hpp"
#include "datasets/importer.hpp"
#include "tape_check.hpp"
#include "world_state.hpp"

namespace fs = std::filesystem;

#include "core/util/text_rules.hpp"
#include "core/catalog/clarification_data.hpp"

namespace iglu::datasets {

namespace {

// The digits after `prefix` when `text` is exactly prefix + digits; empty otherwise.
std::string_view numberAfter(std::string_view text, std::string_view prefix) {
    if (text.size() <= prefix.size() || text.substr(0, prefix.size()) != prefix) return {};
    auto digits = text.substr(prefix.size());
    for (char c : digits)
        if (c < '0' || c > '9') return {};
    return digits;
}

// "'q_979', 'q_190'" → "q_979 q_190".
std::string questionIds(const std::string& raw) {
    std::string out, cur;
    for (char c : raw + ",") {
        if (c == ',' || c == ' ' || c == '\'' || c == '"' || c == '[' || c == ']') {
            if (!cur.empty()) out += (out.empty() ? "" : " ") + cur;
            cur.clear();
        } else {
            cur += c;
        }
    }
    return out;
}

}  // namespace

ImportReport importSingleTurn(const std::string& pathArg, catalog::Catalog& catalog, const ImportOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    ImportReport report;
    report.kind = "singleturn";
    fs::path csvPath = pathArg;
    if (std::error_code ec; fs::is_directory(csvPath, ec)) csvPath /= "clarifying_questions_train.csv";
    const fs::path root = csvPath.parent_path();
    auto csv = CsvTable::read(csvPath.string());
    const int cGame = csv.column("GameId"), cInit = csv.column("InitializedWorldPath");
    const int cInstr = csv.column("InputInstruction"), cClear = csv.column("IsInstructionClear");
    const auto cQuestion = csv.findColumn("ClarifyingQuestion"), cPartition = csv.findColumn("Partition");
    const auto cQrel = csv.findColumn("qrel"), cQbank = csv.findColumn("qbank");

    std::map<std::string, std::string> questionBank;
    std::error_code ec;
    // symlink_status: a dangling link or a FIFO named question_bank.csv is reported, not ignored.
    if (fs::exists(fs::symlink_status(root / "question_bank.csv", ec))) {
        try {
            auto qb = CsvTable::read((root / "question_bank.csv").string());
            int cId = qb.column("qrel"), cText = qb.column("ClarifyingQuestion");
            for (const auto& r : qb.records()) {
                try {
                    qb.checkRecord(r);
                    questionBank[r.fields[static_cast<std::size_t>(cId)]] = r.fields[static_cast<std::size_t>(cText)];
                } catch (const DatasetError& e) {
                    report.warn(e.reason(), e.what());
                }
            }
        } catch (const DatasetError& e) {
            report.warn(e.reason(), e.what());
        }
    }

    std::map<std::string, int> seen;
    WorldStateReader reader;
    BatchWriter writer(catalog, options, report);
    const auto& records = csv.records();
    const std::string csvName = csvPath.string();
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (writer.cancelled()) {
            report.cancelled = true;
            break;
        }
        const auto& rec = records[i];
        const std::string where = csvName + ":" + std::to_string(rec.line);
        try {
            csv.checkRecord(rec);
            auto field = [&](int c) -> const std::string& { return rec.fields[static_cast<std::size_t>(c)]; };
            const std::string& gameId = field(cGame);
            const std::string n(numberAfter(gameId, "CQ-game-"));
            if (n.empty())
                throw DatasetError(Reason::BadCsvRow, where, "GameId '" + gameId + "' is not CQ-game-<N>");
            if (auto [it, fresh] = seen.emplace(gameId, rec.line); !fresh)
                throw DatasetError(Reason::BadCsvRow, where, "duplicate GameId " + gameId + " (first on line " + std::to_string(it->second) + ")");
            const std::string& clear = field(cClear);
            if (!clear.empty() && clear != "Yes" && clear != "No")
                throw DatasetError(Reason::BadCsvRow, where, "IsInstructionClear is '" + clear + "', expected Yes or No");
            const std::string& initRel = field(cInit);
            if (initRel.empty()) throw DatasetError(Reason::BadCsvRow, where, "empty InitializedWorldPath");
            const std::string targetRel = "target_world_states/builder-data/actionHit/game-" + n + "/game-" + n + "-step-action";

            auto start = reader.read((root / initRel).string());
            auto target = reader.read((root / targetRel).string());
            report.bytes += start.bytes + target.bytes;

            catalog::TaskRecord t;
            t.task.id = gameId;
            if (const std::string instruction = field(cInstr); !core::absentText(instruction)) t.task.instruction = instruction;
            t.task.starting = start.grid;
            t.task.target = target.grid;
            t.source = catalog::TaskSource::SingleTurn;
            if (!clear.empty()) t.clear = clear == "Yes";
            if (cQuestion && !core::absentText(field(*cQuestion))) t.clarifyingQuestion = field(*cQuestion);
            if (cPartition) t.partition = field(*cPartition);
            if (cQbank) t.questionBankIds = questionIds(field(*cQbank));
            t.startingPath = initRel;
            t.targetPath = targetRel;
            fs::path initPath(initRel);
            const std::string sessionName = initPath.parent_path().filename().string();
            t.structureId = sessionStructureId(sessionName);
            t.task.metadata["initial_session"] = sessionName;
            t.task.metadata["initial_step"] = initPath.filename().string();
            if (cQrel && !field(*cQrel).empty()) {
                t.task.metadata["qrel"] = field(*cQrel);
                if (auto q = questionBank.find(field(*cQrel)); q != questionBank.end())
                    t.task.metadata["qrel_question"] = q->second;
            }
            writer.checkTask(t, where);
            if (options.withRollouts) {
                core::Pose pose = start.avatar.value_or(core::Pose{});
                if (auto r = replayTape(target, start.grid, pose, gameId, (root / targetRel).string(), targetRel, report))
                    writer.add(std::move(*r));
            }
            writer.add(std::move(t));
        } catch (const DatasetError& e) {
            report.skip(e);
        }
        writer.itemDone(i + 1, records.size());
    }
    writer.flush();
    // The question bank's texts (what a clarification ranker ranks), merged into the catalog's.
    if (!questionBank.empty() && !report.cancelled) {
        nlohmann::json bank = nlohmann::json::object();
        if (const std::string stored = catalog.info(catalog::kQuestionBankKey); !stored.empty()) {
            bank = core::parseJsonOrDiscarded(stored);
            if (!bank.is_object()) bank = nlohmann::json::object();
        }
        for (const auto& [id, text] : questionBank) bank[id] = text;
        catalog.setInfo(catalog::kQuestionBankKey, bank.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace iglu::datasets
