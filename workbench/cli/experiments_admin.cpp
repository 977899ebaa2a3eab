// iglu experiments delete NAME | rename NAME NEW | tag NAME [TAG ...] | note NAME TEXT
// Managing a catalog's experiments (Catalog::deleteExperiment and its siblings): a delete takes
// the experiment's writer lock first, so a run in progress is refused naming its process.
#include <iostream>
#include <stdexcept>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/catalog/experiment_lock.hpp"
#include "cli_util.hpp"
#include "experiment_names.hpp"
#include "experiments_actions.hpp"

namespace iglu::cli {

void manageExperiment(const std::string& db, const std::string& action, const std::vector<std::string>& args, bool json) {
    const auto need = [&](std::size_t lo, std::size_t hi, const char* usage) {
        if (args.size() < lo || args.size() > hi) throw std::runtime_error(std::string("experiments ") + action + ": usage: " + usage);
    };
    if (action == "delete") need(1, 1, "delete NAME");
    else if (action == "rename") need(2, 2, "rename NAME NEW_NAME");
    else if (action == "tag") need(1, 1000, "tag NAME [TAG ...] (no tag: clear them)");
    else need(2, 2, "note NAME TEXT (\"\": clear it)");
    catalog::Catalog cat(db, catalog::OpenMode::ReadWrite);
    const catalog::ExperimentRecord e = experimentNamed(cat, args[0]);
    nlohmann::json out = {{"action", action}, {"experiment", e.name}};
    if (action == "delete") {
        const auto episodes = cat.episodes(e.id).size();
        const auto predictions = cat.clarificationPredictions(e.id).size();
        std::int64_t points = 0;  // its training curves' (the runs linked to it or of its name)
        for (const auto& r : cat.scalarRuns()) points += r.experiment == e.name ? r.points : 0;
        {
            const catalog::ExperimentLock lock(cat, e.id, e.name);  // refuses while a run writes it
            const auto self = static_cast<std::int64_t>(::getpid());
            const std::string host = catalog::hostName();
            cat.deleteExperiment(e.name, [&](const catalog::ExperimentWriter& w) { return !(w.pid == self && w.host == host); });
        }
        out["episodes"] = episodes;
        out["predictions"] = predictions;
        out["scalar_points"] = points;
        if (!json) std::cout << "deleted experiment " << e.name << ": " << episodes << " episodes (with their rollouts), " << predictions << " predictions, " << points << " training-curve points\n";
    } else if (action == "rename") {
        cat.renameExperiment(e.name, args[1]);
        out["new_name"] = args[1];
        if (!json) std::cout << "renamed experiment " << e.name << " to " << args[1] << "\n";
    } else if (action == "tag") {
        cat.setExperimentTags(e.name, {args.begin() + 1, args.end()});
        out["tags"] = cat.experiment(e.name)->tags;
        if (!json) std::cout << "experiment " << e.name << " tags: " << (out["tags"].get<std::string>().empty() ? "(none)" : out["tags"].get<std::string>()) << "\n";
    } else {
        cat.setExperimentNote(e.name, args[1]);
        out["note"] = args[1];
        if (!json) std::cout << "experiment " << e.name << (args[1].empty() ? ": note cleared\n" : ": note saved\n");
    }
    if (json) std::cout << jsonText(out, 2) << "\n";
}

}  // namespace iglu::cli
