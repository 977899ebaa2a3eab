// iglu experiments scalars --db FILE [--run RUN] [--json]
// The training curves a script logged (Catalog::logScalars, Python's Catalog.log_scalar): per run
// its experiment, points and when it last logged, and per tag the points and its last step's value.
#include <cstdio>
#include <ctime>
#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/catalog/experiment_name.hpp"
#include "cli_util.hpp"
#include "experiments_actions.hpp"

namespace iglu::cli {

namespace experiments_scalars {

/// Seconds since 1970 as "2026-11-26 21:06:01 UTC".
std::string utcText(double seconds) {
    const auto t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return buf;
}

}  // namespace experiments_scalars

void listScalars(const catalog::Catalog& cat, const std::string& run, bool json) {
    using namespace experiments_scalars;
    std::vector<catalog::ScalarRun> runs;
    for (auto& r : cat.scalarRuns())
        if (run.empty() || r.name == run) runs.push_back(std::move(r));
    if (!run.empty() && runs.empty())
        throw std::runtime_error(cat.path() + ": no run named '" + catalog::printableName(run) + "' has scalars (iglu experiments scalars --db " +
                                 cat.path() + " lists the runs)");
    if (json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& r : runs) {
            nlohmann::json tags = nlohmann::json::array();
            for (const auto& t : cat.scalarTags(r.name))
                tags.push_back({{"tag", t.tag}, {"points", t.points}, {"last_step", t.lastStep}, {"last_value", t.lastValue}});
            out.push_back({{"run", r.name},
                           {"experiment", r.experiment ? nlohmann::json(*r.experiment) : nlohmann::json(nullptr)},
                           {"points", r.points},
                           {"last_wall_time", r.lastWallTime},
                           {"tags", tags}});
        }
        std::cout << jsonText(out, 2) << "\n";
        return;
    }
    if (runs.empty()) {
        std::cout << "no scalars in " << cat.path() << " (a training script logs them: iglu.Catalog.log_scalar)\n";
        return;
    }
    for (const auto& r : runs) {
        std::printf("run %s (%s, %lld points, last logged %s)\n", catalog::printableName(r.name).c_str(),
                    r.experiment ? ("experiment " + catalog::printableName(*r.experiment)).c_str() : "no experiment",
                    static_cast<long long>(r.points), utcText(r.lastWallTime).c_str());
        std::printf("  %-32s %8s %10s %14s\n", "tag", "points", "last step", "last value");
        for (const auto& t : cat.scalarTags(r.name))
            std::printf("  %-32s %8lld %10lld %14.6g\n", catalog::printableName(t.tag).c_str(), static_cast<long long>(t.points),
                        static_cast<long long>(t.lastStep), t.lastValue);
    }
}

}  // namespace iglu::cli
