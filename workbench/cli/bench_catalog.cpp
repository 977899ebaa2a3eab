// iglu bench: catalog and dataset import.
//   import_mb_per_s   world-state JSON parsed and stored per second, one core: a first import of the
//                     single-turn sample (with tapes) into a fresh catalog, repeated; the shared
//                     451-task sample when present, else the bundled one (see import_dataset)
//   task_query_ms     median time of a text + skill filter over a catalog of 10,000 tasks
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <unistd.h>

#include "core/catalog/catalog.hpp"
#include "core/util/rng.hpp"
#include "datasets/importer.hpp"
#include "bench.hpp"

namespace iglu::cli::bench {

namespace bench_catalog {

namespace fs = std::filesystem;

struct TempDir {
    fs::path path = fs::temp_directory_path() / ("iglu-bench-" + std::to_string(::getpid()));
    TempDir() { fs::create_directories(path); }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

void importBench(const Context& ctx, nlohmann::json& out) {
    TempDir tmp;
    // The shared 451-task sample when given (--shared / $IGLU_SHARED_DIR; typical file sizes), else
    // the bundled 20 tasks (the smallest files of the sample, so per-file costs weigh more).
    const std::string shared = ctx.sharedDir + "/data/iglu-singleturn";
    const bool useShared = !ctx.sharedDir.empty();
    if (useShared && !fs::exists(shared + "/clarifying_questions_train.csv"))
        throw std::runtime_error("bench: " + shared + "/clarifying_questions_train.csv not found (--shared / IGLU_SHARED_DIR "
                                 "must name the folder holding data/iglu-singleturn)");
    if (!useShared)
        std::cerr << "bench: import measured on the bundled examples (20 small tasks); pass --shared DIR or set "
                     "IGLU_SHARED_DIR for the 451-task shared sample\n";
    const std::string data = useShared ? shared : ctx.examplesDir + "/data/iglu-singleturn";
    const int reps = useShared ? std::max(1, static_cast<int>(3 * ctx.scale + 0.5)) : std::max(2, static_cast<int>(20 * ctx.scale));
    std::uint64_t bytes = 0;
    double seconds = 0;
    for (int i = 0; i < reps; ++i) {
        const auto db = (tmp.path / ("import" + std::to_string(i) + ".db")).string();
        catalog::Catalog cat(db);
        const double t0 = now();
        auto report = datasets::importSingleTurn(data, cat);
        seconds += now() - t0;
        bytes += report.bytes;
    }
    out["import_mb_per_s"] = double(bytes) / 1e6 / seconds;
    out["import_dataset"] = (useShared ? "shared/data/iglu-singleturn" : "examples/data/iglu-singleturn") +
                            std::string(" (") + std::to_string(reps) + " fresh imports)";
}

void queryBench(const Context& ctx, nlohmann::json& out) {
    TempDir tmp;
    catalog::Catalog cat((tmp.path / "query.db").string());
    datasets::ImportOptions opts;
    opts.withRollouts = false;
    datasets::importSingleTurn(ctx.examplesDir + "/data/iglu-singleturn", cat, opts);
    auto real = cat.loadTasks();
    if (real.empty()) throw std::runtime_error("task_query_ms: no bundled tasks to build the catalog from");
    constexpr int kTasks = 10000;
    std::vector<catalog::TaskRecord> tasks;
    std::vector<catalog::SkillLabel> labels;
    core::Rng rng(42);
    for (int i = 0; i < kTasks; ++i) {
        auto t = real[static_cast<std::size_t>(i) % real.size()];
        t.task.id = "bench-" + std::to_string(i);
        tasks.push_back(std::move(t));
        for (auto s : core::kAllSkills)
            labels.push_back({"bench-" + std::to_string(i), s, rng.below(3) == 0, catalog::LabelSource::Auto, "bench", "", ""});
    }
    cat.putTasks(tasks);
    cat.putLabels(labels);
    catalog::TaskFilter f;
    f.text = "red block";
    f.skills = {core::Skill::Flying};
    std::vector<double> times;
    std::size_t rows = 0;
    const int reps = std::max(5, static_cast<int>(30 * ctx.scale));
    for (int i = 0; i < reps; ++i) {
        const double t0 = now();
        rows = cat.findTasks(f).size();
        times.push_back((now() - t0) * 1e3);
    }
    std::sort(times.begin(), times.end());
    out["task_query_ms"] = times[times.size() / 2];
    out["task_query_rows"] = rows;
    out["task_query_catalog_tasks"] = kTasks;
}

}  // namespace bench_catalog

std::vector<Benchmark> catalogBenchmarks() {
    using namespace bench_catalog;
    return {{"import", importBench}, {"query", queryBench}};
}

}  // namespace iglu::cli::bench
