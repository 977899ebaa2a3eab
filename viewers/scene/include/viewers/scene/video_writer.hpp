#pragma once
// Frames to a video file through the `ffmpeg` program (Debian's ffmpeg package), found at run
// time: $IGLU_FFMPEG, else `ffmpeg` on PATH. Frames are piped as raw RGB; the container and codec
// follow the file's extension (.mp4: H.264 yuv420p, .gif: a palette made for the clip, .webm:
// VP9). The video is written to a temporary name beside the target and renamed into place only
// when ffmpeg succeeded, so a failure or Ctrl+C never leaves a half-written file behind.
#include <cstdint>
#include <span>
#include <string>

namespace iglu::viewers {

class VideoWriter {
public:
    /// Starts ffmpeg for `path`. Throws std::runtime_error: ffmpeg not found (saying how to get
    /// it, and that --frames writes PNGs without it), an extension it cannot write, odd sizes for
    /// .mp4 (H.264 needs even sides), ffmpeg failing to start.
    VideoWriter(const std::string& path, int width, int height, double fps);
    ~VideoWriter();  ///< an unfinished video is abandoned (ffmpeg stopped, temporary file removed)
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    /// One frame (height rows of width * 3 bytes). Throws when ffmpeg stopped early (its messages
    /// are in the error).
    void add(std::span<const std::uint8_t> rgb);
    /// Closes the stream, waits for ffmpeg and renames the file into place. Throws with ffmpeg's
    /// last messages when it failed.
    void finish();
    int frames() const noexcept { return frames_; }

    /// The ffmpeg program that would be used, or empty when there is none.
    static std::string findFfmpeg();

private:
    void abandon() noexcept;

    std::string path_, temp_, log_;
    int width_ = 0, height_ = 0, frames_ = 0;
    int pipe_ = -1;
    long pid_ = -1;
};

}  // namespace iglu::viewers
