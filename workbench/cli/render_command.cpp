// iglu render --db FILE --task ID [--rollout ID|random[:SEED] --step N] --out FILE.png [--overlay]
//             [--size WxH] [--view iso|top|front|side]
//             [--pov [--pose X,Y,Z,YAW,PITCH] [--pov-style reference|clean]]
// iglu render --db FILE --task ID --rollout ID|random[:SEED] (--video FILE.mp4|.gif|.webm | --frames DIR)
//             [--fps N] [--every K] [--pov ...] [--size WxH] [--view ...] [--overlay]
//   a whole rollout, one frame per K steps (the start included), as a video through ffmpeg
//   (viewers/scene/rollout_clip.hpp) and / or a numbered PNG sequence.
// Renders the workbench's 3D scene offscreen (same scene code as the viewer plugin), or with
// --pov the agent's first-person view (core::PovRenderer with its default options, on the CPU: no
// display needed).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/pov/pov_renderer.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task_list.hpp"
#include "core/rollout/random_agent.hpp"
#include "viewers/scene/display_check.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/zone_scene.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "viewers/scene/png_file.hpp"
#include "progress_line.hpp"
#include "viewers/scene/rollout_clip.hpp"
#include "core/catalog/catalog.hpp"
#include "core/util/output_check.hpp"

namespace iglu::cli {

namespace render_command {

struct RenderOptions {
    std::string db;
    std::string task;
    std::string rollout;
    int step = -1;
    std::string out;
    bool overlay = false;
    std::string size;   // default 800x600, or 64x64 with --pov
    std::string view = "iso";
    bool pov = false;
    std::string pose;   // X,Y,Z,YAW,PITCH for --pov
    std::string povStyle;  // --pov-style: reference (default) or clean
    std::string video;     // --video FILE (.mp4 / .gif / .webm)
    std::string frames;    // --frames DIR (frame-00000.png ...)
    double fps = 10;
    int every = 1;
};

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct Loaded {
    core::Task task;
    std::optional<core::Rollout> rollout;
};

Loaded load(const RenderOptions& o) {
    Loaded l;
    if (endsWith(o.db, ".jsonl")) {
        const auto tasks = core::readTaskList(o.db);
        l.task = core::findTask(tasks, o.task);
        if (!o.rollout.empty() && o.rollout.rfind("random", 0) != 0)
            throw std::runtime_error("--rollout " + o.rollout + ": " + o.db +
                                     " is a task list and holds no rollouts (use a catalog, or --rollout random[:SEED])");
    } else {
        catalog::Catalog cat(o.db, catalog::OpenMode::ReadOnly);
        auto rec = cat.task(o.task);
        if (!rec) throw std::runtime_error("task \"" + o.task + "\" is not in " + o.db);
        l.task = rec->task;
        if (!o.rollout.empty() && o.rollout.rfind("random", 0) != 0) {
            const auto id = core::parseNumber<long long>(o.rollout, 1);
            if (!id)
                throw std::runtime_error("--rollout: '" + o.rollout + "' is not a rollout id (an integer >= 1) or random[:SEED]");
            auto r = cat.rollout(*id);
            if (!r || r->taskId != o.task)
                throw std::runtime_error("rollout " + o.rollout + " is not a rollout of task " + o.task + " in " + o.db);
            l.rollout = std::move(*r);
        }
    }
    if (o.rollout.rfind("random", 0) == 0) {
        core::RandomEpisodeOptions ro;
        if (o.rollout != "random") {
            if (o.rollout.rfind("random:", 0) != 0)
                throw std::runtime_error("--rollout: '" + o.rollout + "' is not a rollout id or random[:SEED]");
            ro.seed = core::parseNumberOption<std::uint64_t>("--rollout " + o.rollout + " (random:SEED)", o.rollout.substr(7), 0,
                                                             std::numeric_limits<std::uint64_t>::max());
        }
        l.rollout = core::recordRandomEpisode(l.task, ro);
    }
    return l;
}

struct AtStep {
    core::Grid grid;
    core::Pose pose;
    std::size_t step = 0;
};

/// The grid and pose after `step` frames of the rollout (-1: the last).
AtStep seekStep(const core::Rollout& rollout, int step) {
    const std::size_t n = step < 0 ? rollout.size() : static_cast<std::size_t>(step);
    if (n > rollout.size())
        throw std::runtime_error("--step " + std::to_string(n) + " is outside 0.." + std::to_string(rollout.size()));
    core::RolloutCursor cursor(rollout);
    cursor.seek(n);
    return {cursor.grid(), cursor.pose(), n};
}

core::Pose parsePose(const std::string& text) {
    double v[5];
    std::size_t begin = 0;
    int n = 0;
    for (; n < 5 && begin <= text.size(); ++n) {
        const std::size_t comma = std::min(text.find(',', begin), text.size());
        const auto value = core::parseNumber<double>(std::string_view(text).substr(begin, comma - begin));
        if (!value) break;
        v[n] = *value;
        begin = comma + 1;
    }
    if (n != 5 || begin != text.size() + 1)
        throw std::runtime_error("--pose: '" + text + "' is not X,Y,Z,YAW,PITCH (five numbers: IGLU coordinates, degrees), e.g. 0,0,3,180,20");
    return core::Pose{v[0], v[1], v[2], v[3], v[4]};
}

/// WxH, each side in 1..maxSide; the message states the same limit the check uses.
void parseSize(const std::string& size, int maxSide, int& w, int& h) {
    const std::size_t x = size.find('x');
    const auto pw = x == std::string::npos ? std::nullopt : core::parseNumber<int>(std::string_view(size).substr(0, x), 1, maxSide);
    const auto ph = x == std::string::npos ? std::nullopt : core::parseNumber<int>(std::string_view(size).substr(x + 1), 1, maxSide);
    if (!pw || !ph)
        throw std::runtime_error("--size: '" + size + "' is not WxH with each side in 1.." + std::to_string(maxSide) + ", e.g. 800x600");
    w = *pw;
    h = *ph;
}

/// The first-person view at the rollout step's pose (or the reset pose, or --pose), as a PNG.
void renderPov(const RenderOptions& o, int w, int h) {
    const Loaded l = load(o);
    core::Grid grid = l.task.starting;
    core::Pose eye{};   // the environment's reset pose: (0, 0, 0) facing -z
    std::string what = "start";
    if (l.rollout) {
        const AtStep at = seekStep(*l.rollout, o.step);
        grid = at.grid;
        eye = at.pose;
        what = "step " + std::to_string(at.step);
    }
    if (!o.pose.empty()) eye = parsePose(o.pose);
    core::PovConfig config{w, h};
    if (!o.povStyle.empty()) {
        const auto style = core::parsePovStyle(o.povStyle);
        if (!style) throw std::runtime_error("--pov-style: '" + o.povStyle + "' is not one of " + std::string(core::kPovStyleNames));
        config.style = *style;
    }
    core::PovRenderer renderer(config);
    const auto rgb = renderer.render(grid, eye);
    viewers::writePng(o.out, w, h, rgb);
    std::cout << o.out << ": " << w << "x" << h << " first-person view of " << l.task.id << " (" << what << ") from (" << eye.x
              << ", " << eye.y << ", " << eye.z << "), yaw " << eye.yaw << ", pitch " << eye.pitch << "\n";
}

/// The whole rollout as a video and / or PNG frames (viewers/scene/rollout_clip.hpp), with a
/// progress line; Ctrl+C stops it without leaving a half-written video.
void renderRollout(const RenderOptions& o, int w, int h, std::optional<viewers::ViewPreset> view) {
    const Loaded l = load(o);
    if (!l.rollout) throw std::runtime_error("--video / --frames render a rollout: give --rollout ID or random[:SEED]");
    const core::Rollout& rollout = *l.rollout;
    viewers::ClipOptions clip;
    clip.width = w;
    clip.height = h;
    clip.pov = o.pov;
    if (!o.povStyle.empty()) {
        const auto style = core::parsePovStyle(o.povStyle);
        if (!style) throw std::runtime_error("--pov-style: '" + o.povStyle + "' is not one of " + std::string(core::kPovStyleNames));
        clip.povStyle = *style;
    }
    clip.overlay = o.overlay;
    if (view) clip.view = *view;
    clip.every = o.every;
    clip.fps = o.fps;
    clip.video = o.video;
    clip.framesDir = o.frames;
    const auto& stop = interruptFlag();
    clip.cancel = &stop;
    ProgressLine progress("render");
    const auto result = viewers::renderRolloutClip(l.task, rollout, clip, [&](std::size_t done, std::size_t total) {
        progress.update(done, total);
        return !stop.load();
    });
    progress.finish();
    if (result.cancelled) {
        std::cerr << "iglu render: interrupted after " << result.frames << " of " << result.total << " frames; nothing written (no video, no frames)\n";
        exitCode() = 130;
        return;
    }
    std::cout << (o.video.empty() ? o.frames : o.video) << ": " << result.frames << " frames (" << w << "x" << h << ", "
              << (o.pov ? "first-person view" : "3D view") << ") of " << l.task.id << ", steps 0.." << rollout.size()
              << (o.every > 1 ? " every " + std::to_string(o.every) : std::string()) << ", " << o.fps << " fps";
    if (!o.video.empty() && !o.frames.empty()) std::cout << "; PNGs in " << o.frames;
    std::cout << "\n";
}

/// Every file the command writes, checked before anything runs (core/util/output_check.hpp).
void checkOutputs(const RenderOptions& o) {
    const std::vector<core::NamedFile> inputs{{"--db", o.db, !endsWith(o.db, ".jsonl")}};
    if (!o.out.empty()) core::checkOutputFile({"--out", o.out}, inputs, {".png"});
    if (!o.video.empty()) core::checkOutputFile({"--video", o.video}, inputs, {".mp4", ".gif", ".webm", ".mov", ".mkv"});
    if (!o.frames.empty()) core::checkOutputFolder({"--frames", o.frames}, inputs);
}

void run(const RenderOptions& o) {
    checkOutputs(o);
    int w = 0, h = 0;
    const std::string size = o.size.empty() ? (o.pov ? "64x64" : "800x600") : o.size;
    parseSize(size, o.pov ? core::PovRenderer::kMaxSide : viewers::OffscreenRenderer::kMaxSide, w, h);
    const bool clip = !o.video.empty() || !o.frames.empty();
    if (!clip && o.out.empty()) throw std::runtime_error("give --out FILE.png (one image), or --video / --frames (a rollout)");
    if (clip && !o.out.empty()) throw std::runtime_error("--out writes one image; --video / --frames a whole rollout: choose one");
    if (clip && o.step >= 0) throw std::runtime_error("--step picks one image; --video / --frames show every step (--every K thins them)");
    if (!clip && (o.fps != 10 || o.every != 1)) throw std::runtime_error("--fps / --every need --video or --frames");
    if (o.step >= 0 && o.rollout.empty()) throw std::runtime_error("--step needs --rollout");
    if (!o.pose.empty() && !o.pov) throw std::runtime_error("--pose needs --pov");
    if (!o.povStyle.empty() && !o.pov) throw std::runtime_error("--pov-style needs --pov");
    if (o.pov) {
        if (o.overlay) throw std::runtime_error("--overlay draws on the 3D view, not on the first-person view (--pov)");
        if (clip) renderRollout(o, w, h, std::nullopt);
        else renderPov(o, w, h);
        return;
    }
    std::optional<viewers::ViewPreset> view;
    for (auto v : {viewers::ViewPreset::Iso, viewers::ViewPreset::Top, viewers::ViewPreset::Front, viewers::ViewPreset::Side})
        if (o.view == viewers::viewPresetName(v)) view = v;
    if (!view) throw std::runtime_error("--view " + o.view + ": expected iso, top, front or side");
    // Checked before any VTK window exists: Debian's VTK aborts the process without a display.
    if (auto problem = viewers::displayProblem()) {
        std::cerr << "iglu render: error: " << *problem << "\n";
        exitCode() = 3;
        return;
    }
    if (clip) {
        renderRollout(o, w, h, view);
        return;
    }
    const Loaded l = load(o);
    viewers::ZoneScene scene;
    scene.setTarget(l.task.target);
    scene.setOverlay(o.overlay);
    std::string caption = l.task.id;
    if (l.rollout) {
        const AtStep at = seekStep(*l.rollout, o.step);
        scene.setBuilt(at.grid);
        scene.setAgent(at.pose);
        caption += "  |  " + std::string(core::rolloutKindName(l.rollout->kind)) + " rollout (" + l.rollout->source +
                   ")  |  step " + std::to_string(at.step) + " / " + std::to_string(l.rollout->size());
    } else {
        scene.setBuilt(l.task.starting);
        scene.setAgent(core::Pose{});
    }
    scene.setCaption(caption);
    scene.applyView(*view);
    viewers::OffscreenRenderer renderer(w, h);
    renderer.renderToPng(scene, o.out);
    const auto& s = scene.stats();
    std::cout << o.out << ": " << w << "x" << h << ", " << scene.cubesShown() << " cubes, matched " << s.matched
              << ", missing " << s.missing << ", extra " << s.extra << ", F1 " << s.scores.f1 << "\n";
}

}  // namespace render_command

void addRenderCommand(CLI::App& app) {
    using namespace render_command;
    auto o = std::make_shared<RenderOptions>();
    auto* cmd = app.add_subcommand("render", "Render a task, a rollout step or a whole rollout (video / PNG frames) of the 3D view or the first-person view, offscreen (the 3D view needs an X display, e.g. xvfb-run)");
    cmd->add_option("--db", o->db, "Catalog file, or task list (.jsonl)")->required()->check(CLI::ExistingFile);
    cmd->add_option("--task", o->task, "Task id")->required();
    cmd->add_option("--rollout", o->rollout, "Rollout id (catalog), or random[:SEED] for a recorded random-agent episode");
    addNumberOption(cmd, "--step", o->step, 0, std::numeric_limits<int>::max(), "Rollout step (default: the last)");
    cmd->add_option("--out", o->out, "PNG file to write (one image; the name must end in .png)");
    cmd->add_option("--video", o->video, "Video of the whole rollout: FILE.mp4, .gif or .webm (needs the ffmpeg program)");
    cmd->add_option("--frames", o->frames, "Folder for the rollout's frames as frame-00000.png ... (no ffmpeg needed)");
    addNumberOption(cmd, "--fps", o->fps, 0.1, 240.0, "Video frames per second (default 10)");
    addNumberOption(cmd, "--every", o->every, 1, 1000000, "One frame every K steps (default 1; the last step always)");
    cmd->add_flag("--overlay", o->overlay, "Show the intersection overlay (matched / missing / extra)");
    cmd->add_option("--size", o->size, "Image size WxH (default 800x600; 64x64 with --pov)");
    cmd->add_option("--view", o->view, "Camera: iso, top, front, side (default iso)");
    cmd->add_flag("--pov", o->pov, "Render the agent's first-person view (CPU, no display needed) instead of the 3D view");
    cmd->add_option("--pose", o->pose, "With --pov: camera pose X,Y,Z,YAW,PITCH (default: the rollout step's pose, or the reset pose)");
    cmd->add_option("--pov-style", o->povStyle, "With --pov: reference (default, the reference environment's look) or clean");
    cmd->callback([o] { run(*o); });
}

}  // namespace iglu::cli
