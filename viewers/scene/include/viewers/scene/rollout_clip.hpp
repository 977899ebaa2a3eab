#pragma once
// A whole rollout as a clip: every K-th step (the start and the last step included) drawn as the
// 3D view (offscreen VTK, from a preset or a given camera) or as the agent's first-person view
// (core::PovRenderer, CPU), written to a video (video_writer.hpp: .mp4 / .gif / .webm through
// ffmpeg) and / or a numbered PNG sequence (frame-00000.png ...). One implementation for
// `iglu render --video / --frames` and the workbench's Export Rollout Video.
//
// Progress is reported after every frame; the callback returning false, or `cancel` becoming
// true (checked also while a frame waits for ffmpeg), cancels. A cancelled or failed clip leaves
// nothing: the unfinished video, ffmpeg's log and every PNG written are removed, and the frames'
// folder too when this call made it. A frames folder holding frames of an earlier clip is refused
// (two clips would mix).
#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "core/pov/pov_look.hpp"
#include "core/rollout/rollout.hpp"
#include "core/task/task.hpp"
#include "viewers/scene/zone_scene.hpp"

namespace iglu::viewers {

struct ClipOptions {
    int width = 800, height = 600;
    bool pov = false;                      ///< first-person view instead of the 3D view
    core::PovStyle povStyle = core::PovStyle::Reference;
    bool overlay = false;                  ///< 3D view: the intersection overlay
    bool belief = true;                    ///< 3D view: the agent's belief in force at each frame (belief_layer.hpp)
    ViewPreset view = ViewPreset::Iso;     ///< 3D view: the camera, unless `camera` is given
    std::optional<CameraPose> camera;      ///< 3D view: e.g. the workbench view's camera
    int every = 1;                         ///< one frame per K steps
    double fps = 10;
    std::string video;                     ///< .mp4 / .gif / .webm; empty: none
    std::string framesDir;                 ///< folder for the PNG sequence; empty: none
    const std::atomic<bool>* cancel = nullptr;  ///< e.g. the Ctrl-C flag
};

struct ClipResult {
    std::size_t frames = 0;   ///< frames written
    std::size_t total = 0;    ///< frames the clip has
    bool cancelled = false;
};

/// The steps a clip shows: 0, K, 2K, ... and the last step.
std::vector<std::size_t> clipSteps(std::size_t rolloutSize, int every);

/// Renders the clip. Throws std::runtime_error (RenderError, VideoWriter's errors) with a message
/// naming the file or the option: no video and no frames folder, a folder that cannot be made or
/// that holds earlier frames,
/// a size out of range, ffmpeg missing. `progress(done, total)` returns false to cancel.
ClipResult renderRolloutClip(const core::Task& task, const core::Rollout& rollout, const ClipOptions& options,
                             const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

}  // namespace iglu::viewers
