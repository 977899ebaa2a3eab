#pragma once
// Frames to a video file through the `ffmpeg` program (Debian's ffmpeg package), found at run
// time: $IGLU_FFMPEG, else `ffmpeg` on PATH. Frames are piped as raw RGB; the container and codec
// follow the file's extension (.mp4: H.264 yuv420p, .gif: a palette made for the clip, .webm:
// VP9). The video is written to a temporary name beside the target and renamed into place only
// when ffmpeg succeeded, so a failure or Ctrl+C never leaves a half-written file behind; ffmpeg's
// log goes beside it and is removed too. Frames are written without blocking: a write to an
// ffmpeg that stopped reading waits in poll(), checking the cancel flag every kPollMs and failing
// after kStallSeconds without progress; an abandoned ffmpeg is killed and reaped. While it runs,
// the temporary file, the log and the child are registered with core::ExitCleanup, so a program
// ended by a signal leaves none of them.
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "core/util/exit_cleanup.hpp"

namespace iglu::viewers {

class VideoWriter {
public:
    /// Starts ffmpeg for `path`. Throws std::runtime_error: ffmpeg not found (saying how to get
    /// it, and that --frames writes PNGs without it), an extension it cannot write, odd sizes for
    /// .mp4 (H.264 needs even sides), a missing folder, ffmpeg failing to start. `cancel`, when
    /// given, is checked while a frame waits for ffmpeg.
    VideoWriter(const std::string& path, int width, int height, double fps, const std::atomic<bool>* cancel = nullptr);
    ~VideoWriter();  ///< an unfinished video is abandoned (ffmpeg stopped, temporary file removed)
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    /// One frame (height rows of width * 3 bytes). Throws when ffmpeg stopped early (its messages
    /// are in the error) or stalled. False when cancelled (the video is abandoned).
    bool add(std::span<const std::uint8_t> rgb);
    /// Closes the stream, waits for ffmpeg and renames the file into place. Throws with ffmpeg's
    /// last messages when it failed. False when cancelled while waiting (the video is abandoned).
    bool finish();
    int frames() const noexcept { return frames_; }

    /// The ffmpeg program that would be used, or empty when there is none.
    static std::string findFfmpeg();

    static constexpr int kPollMs = 50;
    static constexpr int kStallSeconds = 60;

private:
    void abandon() noexcept;
    bool cancelled() const noexcept;

    std::string path_, temp_, log_;
    int width_ = 0, height_ = 0, frames_ = 0;
    int pipe_ = -1;
    long pid_ = -1;
    const std::atomic<bool>* cancel_ = nullptr;
    std::unique_ptr<core::ExitCleanup> cleanTemp_, cleanLog_, cleanChild_;
};

}  // namespace iglu::viewers
