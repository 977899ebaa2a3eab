#pragma once
// Renders a ZoneScene without a window on screen (reports, papers, `iglu render`, benchmarks).
// Still needs an X display (Debian's VTK is built for X): the constructor checks with
// displayProblem() first and throws RenderError with a clear message instead of letting VTK abort.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "viewers/scene/palette.hpp"

namespace iglu::viewers {

class ZoneScene;

class RenderError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// An RGB image, rows top to bottom.
struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;
    Rgb at(int x, int y) const {
        const auto i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
        return {rgb[i], rgb[i + 1], rgb[i + 2]};
    }
};

/// Writes an image as PNG; throws RenderError naming the file when it cannot.
void writePng(const Image& image, const std::string& path);

class OffscreenRenderer {
public:
    static constexpr int kMaxSide = 8192;  ///< the largest image side (checked by the constructor)
    /// Throws RenderError when there is no usable X display.
    OffscreenRenderer(int width, int height);
    ~OffscreenRenderer();
    OffscreenRenderer(const OffscreenRenderer&) = delete;
    OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

    /// Renders one frame of the scene and waits until the GPU (or llvmpipe) has finished it.
    void renderFrame(ZoneScene& scene);
    /// Renders and reads the frame back.
    Image render(ZoneScene& scene);
    /// Renders and saves a PNG.
    void renderToPng(ZoneScene& scene, const std::string& path);
    /// "OpenGL renderer string" of the context (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)").
    std::string glRenderer() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::viewers
