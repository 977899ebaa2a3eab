// Viewer benchmarks (group "viewer"):
//   viewer_frame_ms          median time to render one 800x600 frame of a full zone (every cell a
//                            block) with the overlay (matched + outlined extras), the target ghost
//                            layer, the agent and the legend, offscreen, waiting for completion
//                            (llvmpipe under Xvfb on CI); goal <= 33 ms
//   viewer_frame_ms_p95, viewer_frame_cubes, viewer_gl_renderer
//   viewer_frame_empty_ms    the same frame with an empty zone (floor, axes, legend, agent): the
//                            fixed cost; viewer_frame_plain_ms: full zone, overlay off (one
//                            solid layer in the palette, no outlines)
//   viewer_scrub_update_ms   mean scene update per step when scrubbing forward through a 1,000-step
//                            rollout (cursor seek + overlay at the best alignment + glyph data +
//                            agent pose), render excluded; goal <= 2 ms
//   viewer_scrub_random_ms   the same for random seeks anywhere in the rollout
//   viewer_rollout_changes   block changes in the benchmark rollout
// Without an X display the frame keys are null and viewer_frame_error says why.
#include <algorithm>
#include <vector>

#include "core/task/task_list.hpp"
#include "core/util/rng.hpp"
#include "core/rollout/random_agent.hpp"
#include "viewers/scene/display_check.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/zone_scene.hpp"
#include "bench.hpp"

namespace iglu::cli::bench {

namespace bench_viewer {

const core::Task& largestTask(const std::vector<core::Task>& tasks) {
    return *std::max_element(tasks.begin(), tasks.end(),
                             [](const core::Task& a, const core::Task& b) { return a.target.count() < b.target.count(); });
}

void frameBenchmark(const Context& ctx, const core::Task& task, nlohmann::json& out) {
    if (auto problem = viewers::displayProblem()) {
        out["viewer_frame_ms"] = nullptr;
        out["viewer_frame_error"] = *problem;
        return;
    }
    core::Grid full;
    core::Rng rng(7);
    for (int idx = 0; idx < core::kCells; ++idx) {
        const int t = task.target.cell(idx);
        full.setCell(idx, static_cast<std::int8_t>(t != 0 ? t : 1 + rng.below(6)));
    }
    viewers::ZoneScene scene;
    scene.setTarget(task.target);
    scene.setOverlay(true);
    scene.setBuilt(full);
    scene.setAgent(core::Pose{0, 0, 0, 30, -20});
    scene.setCaption(task.id + " full zone");
    viewers::OffscreenRenderer renderer(800, 600);
    const int frames = std::max(5, static_cast<int>(40 * ctx.scale));
    const auto measure = [&](std::vector<double>& ms) {
        renderer.renderFrame(scene);  // warm-up: shader compilation, buffer upload
        ms.clear();
        const viewers::ViewPreset views[] = {viewers::ViewPreset::Iso, viewers::ViewPreset::Front,
                                             viewers::ViewPreset::Side, viewers::ViewPreset::Top};
        for (int i = 0; i < frames; ++i) {
            scene.applyView(views[i % 4]);  // a new camera every frame: nothing cached
            const double t0 = now();
            renderer.renderFrame(scene);
            ms.push_back((now() - t0) * 1e3);
        }
        std::sort(ms.begin(), ms.end());
        return ms[ms.size() / 2];
    };
    std::vector<double> ms;
    out["viewer_frame_ms"] = measure(ms);
    out["viewer_frame_ms_p95"] = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
    out["viewer_frame_cubes"] = scene.cubesShown();
    scene.setOverlay(false);
    scene.setGhost(false);
    out["viewer_frame_plain_ms"] = measure(ms);
    scene.setBuilt(core::Grid{});
    out["viewer_frame_empty_ms"] = measure(ms);
    out["viewer_frame_size"] = "800x600";
    out["viewer_gl_renderer"] = renderer.glRenderer();
}

void scrubBenchmark(const Context&, const core::Task& task, nlohmann::json& out) {
    core::RandomEpisodeOptions o;
    o.seed = 11;
    o.steps = 1000;
    o.placeProbability = 0.4;
    o.breakProbability = 0.1;
    const core::Rollout rollout = core::recordRandomEpisode(task, o);
    viewers::ZoneScene scene;
    scene.setTarget(task.target);
    scene.setOverlay(true);
    core::RolloutCursor cursor(rollout);
    const auto step = [&](std::size_t p) {
        cursor.seek(p);
        scene.setBuilt(cursor.grid());
        scene.setAgent(cursor.pose());
    };
    step(0);
    const double t0 = now();
    for (std::size_t p = 1; p <= rollout.size(); ++p) step(p);
    const double forward = (now() - t0) * 1e3 / static_cast<double>(rollout.size());
    core::Rng rng(3);
    const int seeks = 1000;
    const double t1 = now();
    for (int i = 0; i < seeks; ++i) step(static_cast<std::size_t>(rng.below(static_cast<int>(rollout.size()) + 1)));
    const double random = (now() - t1) * 1e3 / seeks;
    out["viewer_scrub_update_ms"] = forward;
    out["viewer_scrub_random_ms"] = random;
    out["viewer_rollout_steps"] = rollout.size();
    out["viewer_rollout_changes"] = rollout.changes.size();
}

}  // namespace bench_viewer

std::vector<Benchmark> viewerBenchmarks() {
    using namespace bench_viewer;
    return {Benchmark{"viewer", [](const Context& ctx, nlohmann::json& out) {
                          const auto tasks = core::readTaskList(ctx.examplesDir + "/tasks/bench_tasks.jsonl");
                          const core::Task& task = largestTask(tasks);
                          out["viewer_task"] = task.id;
                          scrubBenchmark(ctx, task, out);
                          frameBenchmark(ctx, task, out);
                      }}};
}

}  // namespace iglu::cli::bench
