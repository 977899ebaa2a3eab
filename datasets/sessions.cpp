// IGLU multi-turn builder sessions (builder-data/<attempt>-c<structure>/step-N) → sessions whose
// turns are tasks from the previous world to this one.
//
// A turn's starting world is, in order of preference: the previous builder turn's file (step N-2,
// the worlds alternate architect/builder turns), the world rebuilt by the tape's recovery
// section, the file's prevWorldEndingState, or the empty world for step-2 (the first builder turn).
// Dialog utterances are not in these files: a dialogs.csv in the folder given (session_id, turn,
// speaker, text; what `iglu sessions export` writes) goes to Catalog::putUtterances.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <utility>

#include "batch_writer.hpp"
#include "csv_reader.hpp"
#include "datasets/importer.hpp"
#include "tape.hpp"
#include "tape_check.hpp"
#include "world_state.hpp"

namespace fs = std::filesystem;

namespace iglu::datasets {

namespace {

// "step-12" → 12; -1 for any other name.
int stepNumber(const std::string& name) {
    if (name.size() < 6 || name.size() > 12 || name.compare(0, 5, "step-") != 0) return -1;
    int n = 0;
    for (std::size_t i = 5; i < name.size(); ++i) {
        if (name[i] < '0' || name[i] > '9') return -1;
        n = n * 10 + (name[i] - '0');
    }
    return n;
}

fs::path findBuilderData(const fs::path& p) {
    for (const fs::path& c : {p / "builder-data", p / "initial_world_states" / "builder-data"})
        if (std::error_code ec; fs::is_directory(c, ec)) return c;
    return p;  // the folder itself holds the session folders
}

struct Step {
    int n;
    fs::path path;
};

// The session's utterances, when the folder holds a dialogs.csv (session_id, turn, speaker, text;
// what `iglu sessions export` writes): stored with Catalog::putUtterances, seq in file order.
void readDialogs(const fs::path& file, catalog::Catalog& catalog, ImportReport& report) {
    std::error_code ec;
    if (!fs::exists(file, ec)) return;
    try {
        const CsvTable table = CsvTable::read(file.string());
        const int session = table.column("session_id"), turn = table.column("turn");
        const int speaker = table.column("speaker"), text = table.column("text");
        std::vector<catalog::Utterance> out;
        std::map<std::pair<std::string, int>, int> seq;
        for (const CsvRecord& r : table.records()) {
            try {
                table.checkRecord(r);
                const std::string& t = r.fields[turn];
                int n = 0;
                if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
                    throw DatasetError(Reason::BadCsvRow, file.string() + ":" + std::to_string(r.line), "turn '" + t + "' is not a number");
                n = std::stoi(t);
                const std::string& sp = r.fields[speaker];
                if (sp != "architect" && sp != "builder")
                    throw DatasetError(Reason::BadCsvRow, file.string() + ":" + std::to_string(r.line),
                                       "speaker '" + sp + "' is not architect or builder");
                const int s = seq[{r.fields[session], n}]++;
                out.push_back({r.fields[session], n, s, sp, r.fields[text]});
            } catch (const DatasetError& e) {
                report.skip(e);
            }
        }
        catalog.putUtterances(out);
    } catch (const DatasetError& e) {
        report.skip(e);
    }
}

}  // namespace

ImportReport importSessions(const std::string& pathArg, catalog::Catalog& catalog, const ImportOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    ImportReport report;
    report.kind = "sessions";
    std::error_code ec;
    if (!fs::is_directory(pathArg, ec)) {
        if (fs::exists(fs::symlink_status(pathArg, ec))) throw DatasetError(Reason::UnreadableFile, pathArg, "is not a folder");
        throw DatasetError(Reason::MissingFile, pathArg, "no such folder");
    }
    const fs::path base = findBuilderData(pathArg);

    std::vector<fs::path> sessionDirs;
    fs::directory_iterator baseList(base, ec);
    if (ec) throw DatasetError(Reason::UnreadableFile, base.string(), "cannot list the folder (" + ec.message() + ")");
    for (const auto& e : baseList) {
        if (!e.is_directory(ec)) continue;
        const std::string name = e.path().filename().string();
        if (!sessionStructureId(name).empty()) sessionDirs.push_back(e.path());
        else report.skip(Reason::BadFileName, e.path().string() + ": folder name is not <attempt>-c<structure>");
    }
    if (sessionDirs.empty() && report.skipped == 0)
        throw DatasetError(Reason::MissingFile, base.string(), "no <attempt>-c<structure> session folders here");
    std::sort(sessionDirs.begin(), sessionDirs.end());

    WorldStateReader reader;
    BatchWriter writer(catalog, options, report);
    for (std::size_t si = 0; si < sessionDirs.size(); ++si) {
        if (writer.cancelled()) {
            report.cancelled = true;
            break;
        }
        const fs::path& dir = sessionDirs[si];
        const std::string sessionId = dir.filename().string();
        std::vector<Step> steps;
        fs::directory_iterator stepList(dir, ec);
        if (ec) {
            report.skip(Reason::UnreadableFile, dir.string() + ": cannot list the folder (" + ec.message() + ")");
            writer.itemDone(si + 1, sessionDirs.size());
            continue;
        }
        for (const auto& e : stepList) {
            const std::string name = e.path().filename().string();
            const int n = stepNumber(name);
            // A step-N entry that is not a regular file (folder, FIFO, dangling link) is kept here:
            // the reader says what it is.
            if (n >= 0) steps.push_back({n, e.path()});
            else report.skip(Reason::BadFileName, e.path().string() + ": not a step-<N> world state");
        }
        std::sort(steps.begin(), steps.end(), [](const Step& a, const Step& b) { return a.n < b.n; });

        catalog::SessionRecord session{sessionId, sessionStructureId(sessionId), sessionId.substr(0, sessionId.find('-')), 0};
        std::optional<core::Grid> previous;
        int previousStep = -100;
        for (const auto& step : steps) {
            const std::string taskId = sessionId + "/step-" + std::to_string(step.n);
            const std::string rel = sessionId + "/step-" + std::to_string(step.n);
            try {
                auto ws = reader.read(step.path.string());
                report.bytes += ws.bytes;
                std::optional<core::Grid> starting;
                if (previous && step.n - previousStep == 2) starting = previous;
                if (!starting && ws.tape) {
                    try {
                        auto parsed = parseTape(*ws.tape, core::Grid{}, core::Pose{}, step.path.string());
                        if (parsed.recovered) starting = parsed.recovered;
                    } catch (const DatasetError&) {
                        // reported below when the tape is replayed
                    }
                }
                if (!starting && ws.previous) starting = ws.previous;
                if (!starting && step.n <= 2) starting = core::Grid{};
                previous = ws.grid;
                previousStep = step.n;
                if (!starting)
                    throw DatasetError(Reason::NoPreviousWorld, step.path.string(),
                                       "step " + std::to_string(step.n) + " has no earlier turn, recovery or prevWorldEndingState");
                catalog::TaskRecord t;
                t.task.id = taskId;
                t.task.starting = *starting;
                t.task.target = ws.grid;
                t.source = catalog::TaskSource::SessionTurn;
                t.structureId = session.structureId;
                t.sessionId = sessionId;
                t.turn = step.n;
                t.targetPath = rel;
                if (!ws.clarificationQuestion.empty()) t.clarifyingQuestion = ws.clarificationQuestion;
                writer.checkTask(t, step.path.string());
                if (options.withRollouts) {
                    core::Pose pose = ws.avatar.value_or(core::Pose{});
                    if (auto r = replayTape(ws, *starting, pose, taskId, step.path.string(), rel, report)) writer.add(std::move(*r));
                }
                writer.add(std::move(t));
                ++session.turns;
            } catch (const DatasetError& e) {
                report.skip(e);
                if (e.reason() != Reason::NoPreviousWorld) {
                    previous.reset();
                    previousStep = -100;
                }
            }
        }
        writer.add(std::move(session));
        writer.itemDone(si + 1, sessionDirs.size());
    }
    writer.flush();
    if (!report.cancelled) readDialogs(fs::path(pathArg) / "dialogs.csv", catalog, report);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace iglu::datasets

namespace iglu::datasets {

std::string sessionStructureId(std::string_view name) {
    auto dash = name.find('-');
    if (dash == 0 || dash == std::string_view::npos || dash + 2 >= name.size()) return {};
    auto attempt = name.substr(0, dash), structure = name.substr(dash + 2);
    if (name[dash + 1] != 'c' && name[dash + 1] != 'C') return {};
    for (auto part : {attempt, structure})
        for (char c : part)
            if (c < '0' || c > '9') return {};
    return "C" + std::string(structure);
}

}  // namespace iglu::datasets
