#include "viewers/scene/offscreen_render.hpp"

#include <cstring>

#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkOpenGLRenderWindow.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>

#include "viewers/scene/display_check.hpp"
#include "viewers/scene/zone_scene.hpp"

namespace iglu::viewers {

struct OffscreenRenderer::Impl {
    vtkSmartPointer<vtkRenderWindow> window;
    vtkRenderer* attached = nullptr;
    void* display = nullptr;  // our X connection, lent to VTK
    int width = 0, height = 0;

    void attach(ZoneScene& scene) {
        vtkRenderer* r = scene.renderer();
        if (attached == r) return;
        if (attached != nullptr) window->RemoveRenderer(attached);
        window->AddRenderer(r);
        attached = r;
    }
};

OffscreenRenderer::OffscreenRenderer(int width, int height) : impl_(std::make_unique<Impl>()) {
    if (width <= 0 || height <= 0 || width > kMaxSide || height > kMaxSide)
        throw RenderError("image size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range 1.." +
                          std::to_string(kMaxSide));
    std::string problem;
    impl_->display = openXDisplay(&problem);
    if (impl_->display == nullptr) throw RenderError(problem);
    impl_->width = width;
    impl_->height = height;
    impl_->window = vtkSmartPointer<vtkRenderWindow>::New();
    impl_->window->SetDisplayId(impl_->display);
    impl_->window->SetOffScreenRendering(1);
    impl_->window->SetMultiSamples(0);
    impl_->window->SetSize(width, height);
}

OffscreenRenderer::~OffscreenRenderer() {
    if (impl_->attached != nullptr) impl_->window->RemoveRenderer(impl_->attached);
    impl_->window->Finalize();
    impl_->window = nullptr;
    closeXDisplay(impl_->display);
}

void OffscreenRenderer::renderFrame(ZoneScene& scene) {
    impl_->attach(scene);
    impl_->window->Render();
    if (auto* gl = vtkOpenGLRenderWindow::SafeDownCast(impl_->window)) gl->WaitForCompletion();
}

Image OffscreenRenderer::render(ZoneScene& scene) {
    renderFrame(scene);
    Image img;
    img.width = impl_->width;
    img.height = impl_->height;
    vtkNew<vtkUnsignedCharArray> pixels;
    impl_->window->GetPixelData(0, 0, img.width - 1, img.height - 1, 0, pixels, 0);
    img.rgb.resize(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3);
    const std::size_t row = static_cast<std::size_t>(img.width) * 3;
    const auto* src = pixels->GetPointer(0);
    for (int y = 0; y < img.height; ++y)
        std::memcpy(img.rgb.data() + static_cast<std::size_t>(y) * row,
                    src + static_cast<std::size_t>(img.height - 1 - y) * row, row);
    return img;
}

void OffscreenRenderer::renderToPng(ZoneScene& scene, const std::string& path) { writePng(render(scene), path); }

std::string OffscreenRenderer::glRenderer() const {
    if (auto* gl = vtkOpenGLRenderWindow::SafeDownCast(impl_->window)) {
        std::string info = gl->ReportCapabilities();
        const auto pos = info.find("OpenGL renderer string:");
        if (pos != std::string::npos) {
            auto end = info.find('\n', pos);
            auto s = info.substr(pos + 23, end - pos - 23);
            while (!s.empty() && s.front() == ' ') s.erase(s.begin());
            return s;
        }
    }
    return "unknown";
}

}  // namespace iglu::viewers
