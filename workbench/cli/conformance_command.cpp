// iglu conformance DIR [--json]: replay reference recordings and report every mismatch.
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/conformance/intersection_cases.hpp"
#include "core/conformance/trace_replay.hpp"
#include "cli_util.hpp"
#include "commands.hpp"

namespace iglu::cli {

namespace {

struct Options {
    std::string dir;
    bool json = false;
};

void run(const Options& o) {
    namespace cf = iglu::core::conformance;
    namespace fs = std::filesystem;
    if (!fs::is_directory(o.dir)) throw std::runtime_error(o.dir + ": not a folder");
    std::vector<cf::CheckResult> results;
    nlohmann::json traces = nlohmann::json::array();
    double worstPose = 0;
    const fs::path traceDir = fs::path(o.dir) / "traces";
    const auto files = fs::is_directory(traceDir) ? cf::traceFiles(traceDir.string()) : std::vector<std::string>{};
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::cerr << "\rreplaying trace " << (i + 1) << "/" << files.size() << std::flush;
        cf::TraceResult r;
        try {
            r = cf::replayTrace(files[i]);
        } catch (const std::exception& e) {
            r.source = fs::path(files[i]).filename().string();
            cf::addFailure(r, -1, "file", e.what());
        }
        worstPose = std::max(worstPose, r.maxPoseError);
        traces.push_back({{"trace", r.source}, {"steps", r.checkedSteps}, {"passed", r.passed()},
                          {"max_pose_error", r.maxPoseError}});
        results.push_back(r);
    }
    if (!files.empty()) std::cerr << "\n";
    const fs::path cases = fs::path(o.dir) / "max_intersection.jsonl";
    std::size_t caseCount = 0;
    if (fs::exists(cases)) {
        std::cerr << "checking " << cases.string() << "\n";
        auto r = cf::checkIntersectionCases(cases.string());
        caseCount = r.size();
        results.insert(results.end(), r.begin(), r.end());
    }
    if (files.empty() && caseCount == 0)
        throw std::runtime_error(o.dir + ": no traces/*.json and no max_intersection.jsonl found");

    int passed = 0, failed = 0;
    nlohmann::json failures = nlohmann::json::array();
    for (const auto& r : results) {
        (r.passed() ? passed : failed)++;
        for (const auto& f : r.failures) {
            if (!o.json) std::cout << "FAIL " << f.toString() << "\n";
            failures.push_back({{"source", f.source}, {"step", f.step}, {"field", f.field}, {"message", f.message}});
        }
        if (r.more > 0 && !o.json) std::cout << "FAIL " << r.source << ": ... and " << r.more << " more mismatches\n";
    }
    if (o.json) {
        nlohmann::json out = {{"passed", passed},         {"failed", failed},          {"traces", traces},
                              {"intersection_cases", caseCount}, {"max_pose_error", worstPose}, {"failures", failures}};
        std::cout << jsonText(out, 2) << "\n";
    } else {
        std::cout << files.size() << " traces (largest pose error " << worstPose << "), " << caseCount
                  << " maximal-intersection cases\n";
        std::cout << passed << " passed, " << failed << " failed\n";
    }
    if (failed > 0) exitCode() = 1;
}

}  // namespace

void addConformanceCommand(CLI::App& app) {
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("conformance",
                                   "Replay reference recordings (DIR/traces/*.json, DIR/max_intersection.jsonl) and report "
                                   "every mismatch by trace, step and field");
    cmd->add_option("DIR", opts->dir, "Folder with traces/ and max_intersection.jsonl (e.g. ../shared/conformance)")->required();
    cmd->add_flag("--json", opts->json, "Print a JSON report instead of text");
    cmd->callback([opts] { run(*opts); });
}

}  // namespace iglu::cli
