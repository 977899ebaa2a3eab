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
#include "viewers/scene/png_file.hpp"

namespace iglu::viewers {

class ZoneScene;

class RenderError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

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
    /// Renders and saves a PNG (png_file.hpp; std::runtime_error naming the file when it cannot).
    void renderToPng(ZoneScene& scene, const std::string& path);
    /// "OpenGL renderer string" of the context (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)").
    std::string glRenderer() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::viewers
