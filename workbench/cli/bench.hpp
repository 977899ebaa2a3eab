#pragma once
// `iglu bench`: a registry of named benchmarks, each adding stable keys to one JSON object.
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace iglu::cli::bench {

struct Context {
    std::string examplesDir;  ///< bundled example data (share/iglu/examples)
    std::string sharedDir;    ///< the shared reference material (--shared / $IGLU_SHARED_DIR); empty: none
    double scale = 1.0;       ///< work multiplier (--quick uses 0.1)
    int threads = 2;          ///< threads for the *_threads_* keys
};

struct Benchmark {
    std::string name;         ///< group name, selectable with --only
    std::function<void(const Context&, nlohmann::json& out)> run;
};

/// Benchmarks of the environment, maximal intersection and threads (bench_env.cpp).
std::vector<Benchmark> environmentBenchmarks();
/// Dataset import and catalog query benchmarks (bench_catalog.cpp).
std::vector<Benchmark> catalogBenchmarks();
/// Benchmarks of the 3D viewer: frame time and rollout scrubbing (bench_viewer.cpp).
std::vector<Benchmark> viewerBenchmarks();

/// Lua agent benchmarks (bench_lua.cpp).
std::vector<Benchmark> scriptingBenchmarks();

/// Seconds since an arbitrary epoch (steady clock).
double now();

}  // namespace iglu::cli::bench
