#include "viewers/scene/rollout_clip.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "core/pov/pov_renderer.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/video_writer.hpp"
#include "core/util/exit_cleanup.hpp"

namespace iglu::viewers {

namespace {

/// The PNG sequence's folder: an existing folder must hold no frames of an earlier clip (two clips
/// would mix); a missing one is made. Unless committed, every frame written (and the folder, when
/// made here) is removed again, also when a signal ends the program (core::ExitCleanup).
class FrameFolder {
public:
    explicit FrameFolder(const std::string& dir) : dir_(dir) {
        if (dir_.empty()) return;
        namespace fs = std::filesystem;
        std::error_code ec;
        if (fs::exists(dir_, ec)) {
            if (!fs::is_directory(dir_, ec)) throw std::runtime_error(dir_ + ": is a file, not a folder for the frames");
            for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
                const std::string name = it->path().filename().string();
                if (name.rfind("frame-", 0) == 0 && (name.size() > 4 && name.compare(name.size() - 4, 4, ".png") == 0))
                    throw std::runtime_error(dir_ + ": holds frames of an earlier clip (" + name +
                                             "): remove them or choose an empty folder (two clips would mix)");
            }
            if (ec) throw std::runtime_error(dir_ + ": cannot list the folder: " + ec.message());
        } else {
            const fs::path parent = fs::path(dir_).parent_path();
            if (!parent.empty() && !fs::is_directory(parent, ec))
                throw std::runtime_error(dir_ + ": the folder " + parent.string() + " does not exist");
            if (!fs::create_directory(dir_, ec) || ec)
                throw std::runtime_error(dir_ + ": cannot make the folder" + (ec ? ": " + ec.message() : std::string()));
            made_ = true;
        }
        cleanup_ = core::ExitCleanup::frames(dir_, made_);
    }
    ~FrameFolder() {
        if (dir_.empty() || committed_) return;
        std::error_code ec;
        for (std::size_t i = 0; i <= written_; ++i) {
            const auto path = std::filesystem::path(dir_) / core::frameFileName(i);
            std::filesystem::remove(path, ec);
            std::filesystem::remove(path.string() + ".partial", ec);
        }
        if (made_) std::filesystem::remove(dir_, ec);  // only when empty
        cleanup_.release();
    }
    FrameFolder(const FrameFolder&) = delete;
    FrameFolder& operator=(const FrameFolder&) = delete;

    bool active() const { return !dir_.empty(); }
    void write(const Image& image, std::size_t index) {
        cleanup_.setCount(index);  // frame `index` (and its .partial) is removed too
        written_ = index;
        writePng(image, (std::filesystem::path(dir_) / core::frameFileName(index)).string());
        written_ = index + 1;
        cleanup_.setCount(index + 1);
    }
    void commit() {
        committed_ = true;
        cleanup_.release();
    }

private:
    std::string dir_;
    bool made_ = false, committed_ = false;
    std::size_t written_ = 0;
    core::ExitCleanup cleanup_;
};

}  // namespace

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

    // The frames' folder: checked (and made) before anything runs; everything this call writes
    // there goes again when it fails or is cancelled (FrameFolder).
    FrameFolder frames(o.framesDir);
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
        scene->setTextScale(exportTextScale(o.height));  // the legends grow with the picture
        scene->applyView(o.view);
        if (o.camera) scene->setCameraPose(*o.camera);
    }
    std::optional<VideoWriter> video;
    if (!o.video.empty()) video.emplace(o.video, o.width, o.height, o.fps, o.cancel);

    core::RolloutCursor cursor(rollout);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        cursor.seek(steps[i]);
        if (pov) {
            pov->render(cursor.grid(), cursor.pose(), image.rgb);
        } else {
            scene->setBuilt(cursor.grid());
            scene->setAgent(cursor.pose());
            const core::Belief* belief = o.belief ? rollout.beliefAt(steps[i]) : nullptr;
            scene->setBelief(belief ? std::optional<core::Belief>(*belief) : std::nullopt);
            scene->setCaption(task.id + "  |  " + core::rolloutKindName(rollout.kind) + " rollout (" + rollout.source +
                              ")  |  step " + std::to_string(steps[i]) + " / " + std::to_string(rollout.size()));
            image = offscreen->render(*scene);
        }
        if (video && !video->add(image.rgb)) {
            result.cancelled = true;  // the VideoWriter abandoned its file; FrameFolder removes the frames
            return result;
        }
        if (frames.active()) frames.write(image, i);
        result.frames = i + 1;
        const bool go = !progress || progress(i + 1, steps.size());
        if ((!go || (o.cancel && o.cancel->load())) && i + 1 < steps.size()) {
            result.cancelled = true;
            return result;  // the VideoWriter's destructor removes its unfinished file
        }
    }
    if (video && !video->finish()) {
        result.cancelled = true;
        return result;
    }
    frames.commit();
    return result;
}

}  // namespace iglu::viewers
