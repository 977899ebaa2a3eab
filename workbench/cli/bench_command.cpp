// iglu bench [--json] [--quick] [--only NAME] [--threads N]
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "bench.hpp"
#include "core/util/resource_dirs.hpp"
#include "cli_util.hpp"
#include "commands.hpp"

namespace iglu::cli {

double bench::now() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

namespace bench_command {

struct Options {
    bool json = false;
    bool quick = false;
    std::vector<std::string> only;
    int threads = 0;
    std::string examples = core::resourceDir("examples");
    std::string shared = [] {
        const char* env = std::getenv("IGLU_SHARED_DIR");
        return std::string(env ? env : "");
    }();
};

void run(const Options& o) {
    bench::Context ctx;
    ctx.examplesDir = o.examples;
    ctx.sharedDir = o.shared;
    ctx.scale = o.quick ? 0.1 : 1.0;
    ctx.threads = o.threads > 0 ? o.threads : std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
    std::vector<bench::Benchmark> all = bench::environmentBenchmarks();
    for (auto& b : bench::catalogBenchmarks()) all.push_back(std::move(b));
    for (auto& b : bench::scriptingBenchmarks()) all.push_back(std::move(b));
    for (auto& b : bench::viewerBenchmarks()) all.push_back(std::move(b));
    nlohmann::json out = nlohmann::json::object();
    for (const auto& b : all) {
        if (!o.only.empty() && std::find(o.only.begin(), o.only.end(), b.name) == o.only.end()) continue;
        std::cerr << "bench: " << b.name << "..." << std::endl;
        b.run(ctx, out);
    }
    if (o.json) {
        std::cout << jsonText(out, 2) << "\n";
        return;
    }
    for (const auto& [key, value] : out.items()) std::cout << key << ": " << jsonText(value) << "\n";
}

}  // namespace bench_command

void addBenchCommand(CLI::App& app) {
    using namespace bench_command;
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("bench", "Measure throughput and latency; stable keys, --json for machines");
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    cmd->add_flag("--quick", opts->quick, "Run a tenth of the work (smoke test; numbers are noisier)");
    cmd->add_option("--only", opts->only, "Run only these benchmark groups (env, maxint, threads, vector, pov, import, query, lua, lua_threads, viewer)");
    addNumberOption(cmd, "--threads", opts->threads, 1, 1024, "Threads for env_threads_speedup and vector_env_steps_per_s (default: max(2, cores))");
    cmd->add_option("--examples", opts->examples, "Folder with the bundled example data (default: share/iglu/examples beside the executable)")
        ->check(CLI::ExistingDirectory);
    cmd->add_option("--shared", opts->shared,
                    "Folder holding the shared reference material (data/iglu-singleturn) for the import benchmark "
                    "(default: $IGLU_SHARED_DIR; without it the bundled examples are imported)")
        ->check(CLI::ExistingDirectory);
    cmd->callback([opts] { run(*opts); });
}

}  // namespace iglu::cli
