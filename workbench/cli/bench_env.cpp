// Environment and maximal-intersection benchmarks (single-threaded unless named).
#include <algorithm>
#include <cmath>
#include <thread>

#include "core/env/environment.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "core/task/task_list.hpp"
#include "core/util/rng.hpp"
#include "core/vector/vector_env.hpp"
#include "bench.hpp"

namespace iglu::cli::bench {

namespace bench_env {

using namespace iglu::core;

std::vector<Task> benchTasks(const Context& ctx) { return readTaskList(ctx.examplesDir + "/tasks/bench_tasks.jsonl"); }

/// Walking, discrete, uniform random actions; resets on done (as the reference measurement).
struct WalkingRandom {
    Rng rng;
    explicit WalkingRandom(std::uint64_t seed) : rng(seed) {}
    Action next(const Environment&) { return Action::discrete(rng.below(kDiscreteActions)); }
};

/// Flying: movement in [-1, 1]^3, camera in [-5, 5]^2, random colour and placement.
struct FlyingRandom {
    Rng rng;
    explicit FlyingRandom(std::uint64_t seed) : rng(seed) {}
    Action next(const Environment&) {
        Action a;
        a.strafe0 = rng.uniform(-1, 1);
        a.strafe1 = rng.uniform(-1, 1);
        a.vertical = rng.uniform(-1, 1);
        a.dyaw = rng.uniform(-5, 5);
        a.dpitch = rng.uniform(-5, 5);
        a.colour = rng.below(7);
        const int p = rng.below(3);
        a.place = p == 1;
        a.breakBlock = p == 2;
        return a;
    }
};

/// Walking, biased to look down and place / break: about a fifth of the steps change the grid.
struct PlaceBreak {
    Rng rng;
    explicit PlaceBreak(std::uint64_t seed) : rng(seed) {}
    Action next(const Environment& env) {
        const double pitch = env.agent().pitch;
        const double u = rng.uniform();
        int id;
        if (pitch > -35 && u < 0.5) id = 14;                                // look down
        else if (pitch < -75 && u < 0.5) id = 15;                           // look up a bit
        else if (u < 0.16) id = 17;                                         // place
        else if (u < 0.28) id = 16;                                         // break
        else if (u < 0.33) id = 6 + rng.below(6);                           // colour
        else if (u < 0.55) id = 12 + rng.below(2);                          // turn
        else id = 1 + rng.below(5);                                         // move / jump
        return Action::discrete(id);
    }
};

struct RunStats {
    double stepsPerSecond = 0;
    double gridChangeFraction = 0;
    long long episodes = 0;
};

template <typename Policy>
RunStats runPolicy(const Task& task, EnvConfig cfg, long long steps, std::uint64_t seed) {
    Environment env(cfg);
    env.setTask(task);
    env.reset();
    Policy policy(seed);
    long long changes = 0, episodes = 1;
    const double t0 = now();
    for (long long i = 0; i < steps; ++i) {
        const StepResult r = env.step(policy.next(env));
        changes += r.gridChanged;
        if (r.done) {
            env.reset();
            ++episodes;
        }
    }
    const double dt = now() - t0;
    return {static_cast<double>(steps) / dt, static_cast<double>(changes) / static_cast<double>(steps), episodes};
}

long long scaled(const Context& ctx, long long n) { return std::max<long long>(1000, static_cast<long long>(static_cast<double>(n) * ctx.scale)); }

void envBench(const Context& ctx, nlohmann::json& out) {
    const auto tasks = benchTasks(ctx);
    const Task& task = findTask(tasks, "CQ-game-1029");
    EnvConfig walking;
    walking.maxSteps = 250;
    // Best of three runs: the machine may be busy with something else.
    auto best = [](auto f) {
        RunStats b;
        for (int i = 0; i < 3; ++i) {
            RunStats s = f(i);
            if (s.stepsPerSecond > b.stepsPerSecond) b = s;
        }
        return b;
    };
    const long long n = scaled(ctx, 3'000'000);
    auto w = best([&](int i) { return runPolicy<WalkingRandom>(task, walking, n, 1 + i); });
    out["env_walking_steps_per_s"] = std::round(w.stepsPerSecond);
    EnvConfig flying = walking;
    flying.actionSpace = ActionSpace::Flying;
    auto f = best([&](int i) { return runPolicy<FlyingRandom>(task, flying, n, 11 + i); });
    out["env_flying_steps_per_s"] = std::round(f.stepsPerSecond);
    auto p = best([&](int i) { return runPolicy<PlaceBreak>(task, walking, n, 21 + i); });
    out["env_place_break_steps_per_s"] = std::round(p.stepsPerSecond);
    out["env_place_break_grid_change_fraction"] = std::round(p.gridChangeFraction * 1000) / 1000;
    out["env_task"] = task.id;
}

void maxintBench(const Context& ctx, nlohmann::json& out) {
    const auto tasks = benchTasks(ctx);
    double worstFull = 0, worstIncr = 0;
    nlohmann::json byTask = nlohmann::json::object();
    for (const char* id : {"CQ-game-3214", "CQ-game-6"}) {
        const Task& t = findTask(tasks, id);
        MaximalIntersection mi(t.target);
        const Grid built = t.starting;
        const long long nFull = scaled(ctx, 200'000);
        volatile int sink = 0;
        double best = 1e9;
        for (int rep = 0; rep < 3; ++rep) {
            const double t0 = now();
            for (long long i = 0; i < nFull; ++i) {
                mi.reset(built);
                sink = sink + mi.value();
            }
            best = std::min(best, (now() - t0) / static_cast<double>(nFull) * 1e6);
        }
        const double fullUs = best;
        // Incremental: a stream of single-cell changes (place a random colour / clear it again).
        Rng rng(7);
        constexpr int kOps = 4096;
        std::vector<int> cells(kOps), colours(kOps);
        for (int i = 0; i < kOps; ++i) {
            cells[i] = rng.below(kCells);
            colours[i] = 1 + rng.below(6);
        }
        Grid g = built;
        mi.reset(g);
        const long long nIncr = scaled(ctx, 4'000'000);
        best = 1e9;
        for (int rep = 0; rep < 3; ++rep) {
            const double t0 = now();
            for (long long i = 0; i < nIncr; ++i) {
                const int k = static_cast<int>(i & (kOps - 1));
                const int idx = cells[static_cast<std::size_t>(k)];
                const int old = g.cell(idx);
                const int nv = old == 0 ? colours[static_cast<std::size_t>(k)] : 0;
                g.setCell(idx, static_cast<std::int8_t>(nv));
                mi.update(idx, old, nv);
                sink = sink + mi.value();
            }
            best = std::min(best, (now() - t0) / static_cast<double>(nIncr) * 1e6);
        }
        const double incrUs = best;
        byTask[id] = {{"blocks", t.target.count()}, {"alignments", mi.alignmentCount()},
                      {"full_us", fullUs}, {"incremental_us", incrUs}};
        worstFull = std::max(worstFull, fullUs);
        worstIncr = std::max(worstIncr, incrUs);
    }
    out["maxint_full_us"] = worstFull;
    out["maxint_incremental_us"] = worstIncr;
    out["maxint_by_task"] = byTask;
}

void threadsBench(const Context& ctx, nlohmann::json& out) {
    const auto tasks = benchTasks(ctx);
    const Task& task = findTask(tasks, "CQ-game-1029");
    EnvConfig cfg;
    const long long n = scaled(ctx, 3'000'000);
    auto wall = [&](int threads) {
        std::vector<std::thread> pool;
        const double t0 = now();
        for (int i = 0; i < threads; ++i)
            pool.emplace_back([&, i] { runPolicy<WalkingRandom>(task, cfg, n, 100 + static_cast<std::uint64_t>(i)); });
        for (auto& t : pool) t.join();
        return static_cast<double>(n) * threads / (now() - t0);
    };
    double one = 0, many = 0;
    for (int rep = 0; rep < 3; ++rep) {
        one = std::max(one, wall(1));
        many = std::max(many, wall(ctx.threads));
    }
    out["env_threads"] = ctx.threads;
    out["env_threads_steps_per_s"] = std::round(many);
    out["env_threads_speedup"] = std::round(many / one * 100) / 100;
}

// vector_env_steps_per_s: core::VectorEnv (what iglu.VectorEnv steps), 256 environments over the
// bench tasks, walking discrete uniform random actions, autoreset, on ctx.threads threads.
void vectorBench(const Context& ctx, nlohmann::json& out) {
    EnvConfig cfg;
    cfg.maxSteps = 250;
    constexpr int kEnvs = 256;
    VectorEnv venv(benchTasks(ctx), kEnvs, cfg, ctx.threads, 1);
    venv.reset();
    Rng rng(5);
    std::vector<std::int64_t> actions(static_cast<std::size_t>(kEnvs) * 64);
    for (auto& a : actions) a = rng.below(kDiscreteActions);
    const long long calls = std::max<long long>(100, scaled(ctx, 6'000'000) / kEnvs);
    double best = 0;
    for (int rep = 0; rep < 3; ++rep) {
        const double t0 = now();
        for (long long i = 0; i < calls; ++i)
            venv.step(std::span<const std::int64_t>(actions.data() + (i & 63) * kEnvs, kEnvs));
        best = std::max(best, static_cast<double>(calls) * kEnvs / (now() - t0));
    }
    out["vector_env_envs"] = kEnvs;
    out["vector_env_threads"] = venv.threads();
    out["vector_env_steps_per_s"] = std::round(best);
}

// pov_frames_per_s: 64x64 first-person frames of a real task's target (27 blocks), from poses
// walking around the zone looking at it; env_pov_steps_per_s: walking random steps with the POV
// observation on (one frame per step).
void povBench(const Context& ctx, nlohmann::json& out) {
    const auto tasks = benchTasks(ctx);
    const Task& task = findTask(tasks, "CQ-game-3214");
    PovRenderer pov;
    std::vector<std::uint8_t> frame(pov.frameBytes());
    const long long frames = scaled(ctx, 100'000);
    double best = 0;
    unsigned checksum = 0;
    for (int rep = 0; rep < 3; ++rep) {
        const double t0 = now();
        for (long long i = 0; i < frames; ++i) {
            const double a = static_cast<double>(i % 360) * 3.14159265358979 / 180.0;
            const double yaw = static_cast<double>(i % 360) + 180.0;  // facing the zone centre from the circle
            pov.render(task.target, Pose{7.0 * std::sin(a), 0.75, -7.0 * std::cos(a), std::fmod(yaw, 360.0), -12.0}, frame);
            checksum += frame[frame.size() / 2];
        }
        best = std::max(best, static_cast<double>(frames) / (now() - t0));
    }
    out["pov_frames_per_s"] = std::round(best);
    out["pov_size"] = std::to_string(pov.width()) + "x" + std::to_string(pov.height());
    out["pov_checksum"] = checksum % 1000;  // keeps the frames observable to the optimiser
    EnvConfig cfg;
    cfg.povInObs = true;
    RunStats r;
    for (int i = 0; i < 3; ++i) {
        RunStats s = runPolicy<WalkingRandom>(task, cfg, scaled(ctx, 100'000), 31 + i);
        if (s.stepsPerSecond > r.stepsPerSecond) r = s;
    }
    out["env_pov_steps_per_s"] = std::round(r.stepsPerSecond);
}

}  // namespace bench_env

std::vector<Benchmark> environmentBenchmarks() {
    using namespace bench_env;
    return {{"env", envBench}, {"maxint", maxintBench}, {"threads", threadsBench}, {"vector", vectorBench}, {"pov", povBench}};
}

}  // namespace iglu::cli::bench
