#include "viewers/scene/rollout_clip.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "core/pov/pov_renderer.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/video_writer.hpp"

namespace iglu::viewers {

std::vector<std::size_t> clipSteps(std::size_t rolloutSize, int every) {
    const auto k = static_cast<std::size_t>(std::max(1, every));
    std::vector<std::size_t> steps;
    for (std::size_t s = 0; s <= rolloutSize; s += k) steps.push_back(s);
    if (steps.back() != rolloutSize) steps.push_back(rolloutSize);
    return steps;
}

ClipResult renderRolloutClip(const core::Task& task, const core::Rollout& rollout, const ClipOptions& o,
                             const std::function<bool(std::size_t, std::size_t)>& progress) {
    if (o.video.empty() && o.framesDir.empty()) throw std::runtime_error("a clip needs a video file or a folder for its frames");
    const int maxSide = o.pov ? core::PovConfig::kMaxSide : OffscreenRenderer::kMaxSide;
    if (o.width < 1 || o.height < 1 || o.width > maxSide || o.height > maxSide)
        throw std::runtime_error("the clip size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
                                 " is outside 1.." + std::to_string(maxSide) + " per side");
    const auto steps = clipSteps(rollout.size(), o.every);
    ClipResult result;
    result.total = steps.size();

    if (!o.framesDir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.framesDir, ec);
        if (!std::filesystem::is_directory(o.framesDir)) throw std::runtime_error(o.framesDir + ": not a folder I can create");
    }
    // The renderer first (it checks the display), then ffmpeg.
    std::optional<core::PovRenderer> pov;
    std::optional<ZoneScene> scene;
    std::optional<OffscreenRenderer> offscreen;
    Image image;
    image.width = o.width;
    image.height = o.height;
    if (o.pov) {
        core::PovConfig config{o.width, o.height};
        config.style = o.povStyle;
        pov.emplace(config);
        image.rgb.resize(pov->frameBytes());
    } else {
        offscreen.emplace(o.width, o.height);
        scene.emplace();
        scene->setTarget(task.target);
        scene->setOverlay(o.overlay);
        scene->applyView(o.view);
        if (o.camera) scene->setCameraPose(*o.camera);
    }
    std::optional<VideoWriter> video;
    if (!o.video.empty()) video.emplace(o.video, o.width, o.height, o.fps);

    core::RolloutCursor cursor(rollout);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        cursor.seek(steps[i]);
        if (pov) {
            pov->render(cursor.grid(), cursor.pose(), image.rgb);
        } else {
            scene->setBuilt(cursor.grid());
            scene->setAgent(cursor.pose());
            scene->setCaption(task.id + "  |  " + core::rolloutKindName(rollout.kind) + " rollout (" + rollout.source +
                              ")  |  step " + std::to_string(steps[i]) + " / " + std::to_string(rollout.size()));
            image = offscreen->render(*scene);
        }
        if (video) video->add(image.rgb);
        if (!o.framesDir.empty()) {
            char name[32];
            std::snprintf(name, sizeof name, "frame-%05zu.png", i);
            writePng(image, (std::filesystem::path(o.framesDir) / name).string());
        }
        result.frames = i + 1;
        if (progress && !progress(i + 1, steps.size()) && i + 1 < steps.size()) {
            result.cancelled = true;
            return result;  // the VideoWriter's destructor removes its unfinished file
        }
    }
    if (video) video->finish();
    return result;
}

}  // namespace iglu::viewers
