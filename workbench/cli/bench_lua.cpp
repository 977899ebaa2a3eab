// Lua agent benchmarks: the per-step cost of the C++ <-> Lua agent loop, and the thread scaling
// of the experiment runner.
#include <algorithm>

#include "core/task/task_list.hpp"
#include "scripting/agent.hpp"
#include "scripting/runner.hpp"
#include "bench.hpp"

namespace iglu::cli::bench {

namespace bench_lua {

using namespace iglu::scripting;

ExperimentSpec trivialAgentSpec(const Context& ctx, int maxSteps) {
    ExperimentSpec spec;
    spec.name = "bench";
    spec.agentPath = ctx.examplesDir + "/agents/noop.lua";  // act(obs) returns 0 (noop)
    spec.scriptPath = spec.agentPath;
    spec.env.actionSpace = core::ActionSpace::Walking;
    spec.env.maxSteps = maxSteps;
    return spec;
}

/// A trivial Lua agent (constant action) driving the walking environment on one thread.
void agentSteps(const Context& ctx, nlohmann::json& out) {
    const auto tasks = core::readTaskList(ctx.examplesDir + "/tasks/bench_tasks.jsonl");
    const int steps = std::max(100000, static_cast<int>(3'000'000 * ctx.scale));
    const ExperimentSpec spec = trivialAgentSpec(ctx, steps);
    AgentWorker worker(spec, agentSandbox(spec));
    worker.run(tasks[0], 1, 0);  // warm-up
    const double t0 = now();
    const EpisodeOutcome o = worker.run(tasks[0], 1, 0);
    const double dt = now() - t0;
    out["lua_agent_steps_per_s"] = o.steps / dt;
    out["lua_agent_step_ns"] = 1e9 * dt / std::max(1, o.steps);
}

/// The runner on many short episodes: 1 job vs ctx.threads jobs.
void runnerScaling(const Context& ctx, nlohmann::json& out) {
    const auto tasks = core::readTaskList(ctx.examplesDir + "/tasks/bench_tasks.jsonl");
    const ExperimentSpec spec = trivialAgentSpec(ctx, 20000);
    const int episodes = std::max(20, static_cast<int>(240 * ctx.scale));
    std::vector<EpisodeKey> todo;
    for (int i = 0; i < episodes; ++i) todo.push_back({static_cast<std::size_t>(i) % tasks.size(), i, 0});
    auto timed = [&](int jobs) {
        RunOptions o;
        o.jobs = jobs;
        o.progress = false;
        const double t0 = now();
        runEpisodes(spec, tasks, todo, o, [](EpisodeOutcome&&) {});
        return now() - t0;
    };
    const double one = timed(1);
    const double many = timed(ctx.threads);
    out["lua_run_episodes"] = episodes;
    out["lua_run_episodes_per_s_1job"] = episodes / one;
    out["lua_run_jobs"] = ctx.threads;
    out["lua_run_jobs_speedup"] = one / many;
}

}  // namespace bench_lua

std::vector<Benchmark> scriptingBenchmarks() {
    using namespace bench_lua;
    return {{"lua", agentSteps}, {"lua_threads", runnerScaling}};
}

}  // namespace iglu::cli::bench
