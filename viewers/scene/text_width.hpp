#pragma once
// Internal to iglu_viewers_scene: the width in pixels of a legend line at the legends' full size,
// measured by VTK's text renderer from the text and the font alone (vtkTextActor::GetSize depends
// on what the actor drew before, which made a scene's legend placement depend on its history).
#include <string>

#include <vtkNew.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextProperty.h>
#include <vtkTextRenderer.h>

namespace iglu::viewers::scene_detail {

inline double textWidth(vtkRenderer* renderer, const std::string& text, int fontSize) {
    vtkTextRenderer* tr = vtkTextRenderer::GetInstance();
    if (tr == nullptr || text.empty()) return 0;
    vtkNew<vtkTextProperty> p;  // the legends' font (zone_scene.cpp, belief_layer.cpp)
    p->SetFontSize(fontSize);
    p->SetFontFamilyToArial();
    p->BoldOn();
    p->ShadowOn();
    int bbox[4] = {0, 0, 0, 0};
    const int dpi = renderer->GetRenderWindow() != nullptr ? renderer->GetRenderWindow()->GetDPI() : 72;
    if (!tr->GetBoundingBox(p, text, bbox, dpi)) return 0;
    return bbox[1] - bbox[0] + 1;
}

}  // namespace iglu::viewers::scene_detail
