// iglu conformance DIR [--json] [--diff-dir D]: replay reference recordings and report every
// mismatch; compare the first-person view with the reference frames in DIR/pov (or DIR itself).
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/util/output_check.hpp"
#include "core/conformance/intersection_cases.hpp"
#include "core/conformance/trace_replay.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "conformance_pov.hpp"

namespace iglu::cli {

namespace conformance_command {

struct Options {
    std::string dir;
    bool json = false;
    std::string diffDir;  // default: <temp>/iglu-conformance-pov
    std::string povStyle = "reference";
};

std::string fixed(double v, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

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
    const std::string povDir = povFolderOf(o.dir);
    nlohmann::json pov;
    if (!povDir.empty()) {
        std::cerr << "comparing first-person views with " << povDir << "\n";
        const std::string diffDir =
            o.diffDir.empty() ? (fs::temp_directory_path() / "iglu-conformance-pov").string() : o.diffDir;
        core::checkOutputFolder({"--diff-dir", diffDir}, {{"DIR", o.dir}, {"DIR", povDir}});
        cf::CheckResult r;
        r.source = "pov";
        try {
            const auto style = core::parsePovStyle(o.povStyle);
            if (!style) throw std::runtime_error("--pov-style: '" + o.povStyle + "' is not one of " + std::string(core::kPovStyleNames));
            const PovCheck c = checkPovFolder(povDir, diffDir, *style);
            const auto& s = c.summary;
            nlohmann::json frames = nlohmann::json::array();
            for (const auto& f : c.frames) {
                frames.push_back({{"frame", f.frame}, {"pair", f.pair}, {"size", {f.width, f.height}},
                                  {"class_agreement", f.classAgreement}, {"mean_colour_difference", f.meanColourDifference},
                                  {"identical", f.identical}, {"pixels_identical", f.pixelsIdentical},
                                  {"pixels_within_8", f.pixelsWithin8}, {"mean_abs_difference", f.meanAbsDifference}});
                if (!o.json)
                    std::cout << "pov " << f.frame << " (pair " << f.pair << ", " << f.width << "x" << f.height
                              << "): class agreement " << fixed(f.classAgreement, 4) << ", mean colour difference "
                              << fixed(f.meanColourDifference, 2) << "\n";
            }
            const cf::PovThresholds t;
            pov = {{"folder", povDir}, {"style", o.povStyle}, {"frames", frames}, {"median_class_agreement", s.medianAgreement},
                   {"worst_class_agreement", s.worstAgreement}, {"worst_frame", s.worstFrame},
                   {"mean_colour_difference", s.meanColourDifference}, {"identical_frames", s.identicalFrames},
                   {"identical_frame_share", s.identicalFrameShare}, {"mean_abs_difference", s.meanAbsDifference},
                   {"pixels_identical", s.pixelsIdentical}, {"pixels_within_8", s.pixelsWithin8}, {"passed", s.passed},
                   {"thresholds", {{"median_class_agreement", t.medianAgreement}, {"worst_class_agreement", t.worstAgreement},
                                   {"mean_colour_difference", t.meanColourDifference}}},
                   {"diff_dir", c.diffDir}, {"diff_files", c.diffFiles}};
            if (!o.json)
                std::cout << s.frames << " POV frames: class agreement median " << fixed(s.medianAgreement, 4) << ", worst "
                          << fixed(s.worstAgreement, 4) << " (" << s.worstFrame << "), mean colour difference "
                          << fixed(s.meanColourDifference, 2) << "; identical frames " << s.identicalFrames << "/" << s.frames
                          << ", mean |difference| R " << fixed(s.meanAbsDifference[0], 2) << " G " << fixed(s.meanAbsDifference[1], 2)
                          << " B " << fixed(s.meanAbsDifference[2], 2) << ", pixels identical " << fixed(s.pixelsIdentical, 4)
                          << ", within +-8 " << fixed(s.pixelsWithin8, 4) << "; diff images of the worst frames in " << c.diffDir << "\n";
            if (!s.passed)
                cf::addFailure(r, -1, "pov", "below the thresholds (class agreement median >= " + fixed(t.medianAgreement, 2) +
                                                 ", worst >= " + fixed(t.worstAgreement, 2) + ", mean colour difference <= " +
                                                 fixed(t.meanColourDifference, 1) + ")");
        } catch (const std::exception& e) {
            cf::addFailure(r, -1, "pov", e.what());
        }
        results.push_back(r);
    }
    if (files.empty() && caseCount == 0 && povDir.empty())
        throw std::runtime_error(o.dir + ": no traces/*.json, no max_intersection.jsonl and no pov/poses.json found");

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
        if (!pov.is_null()) out["pov"] = pov;
        std::cout << jsonText(out, 2) << "\n";
    } else {
        std::cout << files.size() << " traces (largest pose error " << worstPose << "), " << caseCount
                  << " maximal-intersection cases\n";
        std::cout << passed << " passed, " << failed << " failed\n";
    }
    if (failed > 0) exitCode() = 1;
}

}  // namespace conformance_command

void addConformanceCommand(CLI::App& app) {
    using namespace conformance_command;
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("conformance",
                                   "Replay reference recordings (DIR/traces/*.json, DIR/max_intersection.jsonl) and report "
                                   "every mismatch by trace, step and field; compare the first-person view with the "
                                   "reference frames of DIR/pov (or DIR itself when it holds poses.json)");
    cmd->add_option("DIR", opts->dir, "Folder with traces/, max_intersection.jsonl and/or pov/ (e.g. ../shared/conformance)")->required();
    cmd->add_flag("--json", opts->json, "Print a JSON report instead of text");
    cmd->add_option("--diff-dir", opts->diffDir,
                    "Where to write diff images of the worst POV frames (default: <temp folder>/iglu-conformance-pov)");
    cmd->add_option("--pov-style", opts->povStyle, "Look of our first-person view to compare: reference (default) or clean");
    cmd->callback([opts] { run(*opts); });
}

}  // namespace iglu::cli
