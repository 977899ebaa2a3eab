#include "viewers/scene/zone_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <vtkActor.h>
#include <vtkArrowSource.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkAxesActor.h>
#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCaptionActor2D.h>
#include <vtkCellArray.h>
#include <vtkCylinderSource.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkLinearTransform.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkOutlineSource.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkTransform.h>
#include <vtkUnsignedCharArray.h>

#include "core/env/compass.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "viewers/scene/palette.hpp"
#include "cube_layer.hpp"
#include "footprint_layer.hpp"
#include "text_width.hpp"
#include "viewers/scene/legend_placement.hpp"

namespace iglu::viewers {

const char* viewPresetName(ViewPreset v) noexcept {
    switch (v) {
        case ViewPreset::Iso: return "iso";
        case ViewPreset::Top: return "top";
        case ViewPreset::Front: return "front";
        case ViewPreset::Side: return "side";
    }
    return "?";
}

namespace {

using scene_detail::CubeLayer;
using scene_detail::kCube;
constexpr double kZoneBounds[6] = {core::kMinX - 0.5, core::kMaxX + 0.5, core::kMinY - 0.5,
                                   core::kMaxY + 0.5, core::kMinZ - 0.5, core::kMaxZ + 0.5};
constexpr int kLegendLines = 7;
constexpr int kLegendFont = 16;
constexpr double kLegendLine = 22;

double c01(std::uint8_t v) { return v / 255.0; }


}  // namespace

struct ZoneScene::Impl {
    vtkNew<vtkRenderer> renderer;
    CubeLayer solid{CubeLayer::Kind::Faces}, ghost{CubeLayer::Kind::Faces}, edges{CubeLayer::Kind::Outlines};
    // The ghost's edges in its own colour at full strength: a translucent fill alone blends into
    // the dark background (yellow read as olive); the outline keeps the hue (palette.hpp).
    CubeLayer ghostEdges{CubeLayer::Kind::Outlines};
    scene_detail::FootprintLayer footprints{renderer, kZoneBounds[2], kCube};
    vtkNew<vtkActor> floor;
    vtkNew<vtkActor> zoneOutline;
    vtkNew<vtkAxesActor> axes;
    vtkNew<vtkActor> agentBody, agentHead, agentArrow;
    vtkNew<vtkTransform> agentBodyTransform, agentHeadTransform, agentArrowTransform;
    std::optional<core::Pose> agentPose;
    // N / E / S / W on the floor beyond the zone's edges (core/env/compass.hpp: yaw 0 faces N = -z).
    std::array<vtkNew<vtkBillboardTextActor3D>, core::kCompass.size()> compass;
    std::array<vtkNew<vtkTextActor>, kLegendLines> legend;
    std::array<std::string, kLegendLines> legendLines;
    vtkNew<vtkCallbackCommand> layoutCallback;
    BeliefLayer belief{renderer};  // after the renderer (its actors live in it)

    std::optional<core::Grid> target;
    int targetSize = 0;
    core::Grid built;
    bool overlay = false;
    bool ghostOn = true;
    std::string caption;
    double textScale = 1;
    SceneFilter filter;
    SceneCells cells;  // what is drawn (scene_cells.hpp); kinds and colours answer pick()
    LegendLayout legendLayout;

    Impl() {
        edges.hider = &solid;
        ghostEdges.hider = &ghost;
        for (CubeLayer* layer : {&solid, &ghost, &edges, &ghostEdges}) {
            auto* p = layer->actor->GetProperty();
            p->SetAmbient(0.30);
            p->SetDiffuse(0.75);
            p->SetSpecular(0.0);
            renderer->AddActor(layer->actor);
        }
        ghost.actor->GetProperty()->SetOpacity(kGhostOpacity);
        edges.actor->GetProperty()->SetLineWidth(1.0);
        edges.actor->GetProperty()->LightingOff();
        edges.mapper->ScalarVisibilityOff();
        edges.actor->GetProperty()->SetColor(1, 1, 1);
        ghostEdges.actor->GetProperty()->SetLineWidth(kGhostEdgeWidth);
        ghostEdges.actor->GetProperty()->LightingOff();

        buildFloor();
        buildCompass();
        buildAgent();
        axes->SetTotalLength(2, 2, 2);
        axes->SetShaftTypeToLine();
        axes->SetConeRadius(0.3);
        for (vtkCaptionActor2D* axisCaption : {axes->GetXAxisCaptionActor2D(), axes->GetYAxisCaptionActor2D(),
                                           axes->GetZAxisCaptionActor2D()}) {
            axisCaption->GetTextActor()->SetTextScaleModeToNone();
            axisCaption->GetCaptionTextProperty()->SetFontSize(13);
            axisCaption->GetCaptionTextProperty()->ItalicOff();
            axisCaption->GetCaptionTextProperty()->ShadowOff();
        }
        vtkNew<vtkTransform> axesAt;
        axesAt->Translate(kZoneBounds[0] - 1.0, kZoneBounds[2], kZoneBounds[5] + 1.0);
        axes->SetUserTransform(axesAt);
        renderer->AddActor(axes);

        for (auto& t : legend) {
            t->GetTextProperty()->SetFontSize(16);
            t->GetTextProperty()->SetFontFamilyToArial();
            t->GetTextProperty()->BoldOn();
            t->GetTextProperty()->ShadowOn();
            t->VisibilityOff();
            renderer->AddViewProp(t);
        }
        layoutCallback->SetClientData(this);
        layoutCallback->SetCallback([](vtkObject*, unsigned long, void* self, void*) {
            static_cast<Impl*>(self)->layoutLegend();
        });
        renderer->AddObserver(vtkCommand::StartEvent, layoutCallback);

        renderer->SetBackground(c01(kBackground.r), c01(kBackground.g), c01(kBackground.b));
        renderer->SetUseDepthPeeling(false);  // 0.5-1 s per frame on llvmpipe; ghosts do without
        update();
    }

    void buildFloor() {
        vtkNew<vtkPoints> pts;
        vtkNew<vtkCellArray> lines;
        const double y = kZoneBounds[2];
        for (int i = 0; i <= core::kSizeX; ++i) {
            const double v = kZoneBounds[0] + i;
            vtkIdType a = pts->InsertNextPoint(v, y, kZoneBounds[4]);
            vtkIdType b = pts->InsertNextPoint(v, y, kZoneBounds[5]);
            lines->InsertNextCell(2);
            lines->InsertCellPoint(a);
            lines->InsertCellPoint(b);
            a = pts->InsertNextPoint(kZoneBounds[0], y, kZoneBounds[4] + i);
            b = pts->InsertNextPoint(kZoneBounds[1], y, kZoneBounds[4] + i);
            lines->InsertNextCell(2);
            lines->InsertCellPoint(a);
            lines->InsertCellPoint(b);
        }
        vtkNew<vtkPolyData> grid;
        grid->SetPoints(pts);
        grid->SetLines(lines);
        vtkNew<vtkPolyDataMapper> m;
        m->SetInputData(grid);
        floor->SetMapper(m);
        floor->GetProperty()->SetColor(0.45, 0.47, 0.50);
        floor->GetProperty()->LightingOff();
        renderer->AddActor(floor);

        vtkNew<vtkOutlineSource> box;
        box->SetBounds(kZoneBounds);
        vtkNew<vtkPolyDataMapper> bm;
        bm->SetInputConnection(box->GetOutputPort());
        zoneOutline->SetMapper(bm);
        zoneOutline->GetProperty()->SetColor(0.32, 0.34, 0.37);
        zoneOutline->GetProperty()->LightingOff();
        renderer->AddActor(zoneOutline);
    }

    void buildCompass() {
        const double reach = kZoneBounds[1] + 1.2;  // just outside the zone, on the floor
        for (std::size_t i = 0; i < compass.size(); ++i) {
            const core::CompassMark& m = core::kCompass[i];
            auto& t = compass[i];
            t->SetInput(std::string(m.name).c_str());
            t->SetPosition(m.x * reach, kZoneBounds[2], m.z * reach);
            t->GetTextProperty()->SetFontSize(20);
            t->GetTextProperty()->SetFontFamilyToArial();
            t->GetTextProperty()->BoldOn();
            t->GetTextProperty()->SetJustificationToCentered();
            t->GetTextProperty()->SetVerticalJustificationToCentered();
            // North stands out: instructions are given facing it.
            const Rgb c = m.name == "N" ? Rgb{255, 214, 90} : Rgb{200, 205, 212};
            t->GetTextProperty()->SetColor(c01(c.r), c01(c.g), c01(c.b));
            renderer->AddViewProp(t);
        }
    }

    void buildAgent() {
        vtkNew<vtkCylinderSource> body;  // along +y, centred at the origin
        body->SetHeight(1.3);
        body->SetRadius(0.25);
        body->SetResolution(16);
        vtkNew<vtkSphereSource> head;
        head->SetRadius(0.28);
        head->SetThetaResolution(16);
        head->SetPhiResolution(12);
        vtkNew<vtkArrowSource> arrow;  // along +x from the origin, length 1
        arrow->SetTipLength(0.3);
        arrow->SetTipRadius(0.12);
        arrow->SetShaftRadius(0.045);
        struct Part { vtkActor* actor; vtkAlgorithm* source; vtkTransform* transform; Rgb colour; };
        for (const Part& p : {Part{agentBody, body, agentBodyTransform, kAgentBody},
                              Part{agentHead, head, agentHeadTransform, kAgentBody},
                              Part{agentArrow, arrow, agentArrowTransform, kAgentArrow}}) {
            vtkNew<vtkPolyDataMapper> m;
            m->SetInputConnection(p.source->GetOutputPort());
            p.actor->SetMapper(m);
            p.actor->SetUserTransform(p.transform);
            p.actor->GetProperty()->SetColor(c01(p.colour.r), c01(p.colour.g), c01(p.colour.b));
            p.actor->GetProperty()->SetAmbient(0.3);
            p.actor->VisibilityOff();
            renderer->AddActor(p.actor);
        }
    }

    void setAgent(const std::optional<core::Pose>& pose) {
        const bool on = pose.has_value();
        for (vtkActor* a : {agentBody.Get(), agentHead.Get(), agentArrow.Get()}) a->SetVisibility(on);
        agentPose = pose;
        updateLegend();  // the facing line (a text actor given the same text does nothing)
        if (!on) return;
        const core::Pose& p = *pose;
        agentHeadTransform->Identity();
        agentHeadTransform->Translate(p.x, p.y, p.z);
        agentBodyTransform->Identity();
        agentBodyTransform->Translate(p.x, p.y - 0.28 - 0.65, p.z);
        // View direction as the environment's line of sight: yaw 0 faces -z, pitch up is +y.
        const double azimuth = (p.yaw - 90.0);              // degrees in the x-z plane from +x toward +z
        agentArrowTransform->Identity();
        agentArrowTransform->Translate(p.x, p.y, p.z);
        agentArrowTransform->RotateY(-azimuth);             // +x -> (cos a, 0, sin a)
        agentArrowTransform->RotateZ(p.pitch);              // tilt toward +y
        agentArrowTransform->Scale(2.0, 2.0, 2.0);
    }

    void update() {
        classifyCells(target, built, overlay, ghostOn, filter, cells);
        solid.clear();
        ghost.clear();
        edges.clear();
        ghostEdges.clear();
        for (const ShownCube& c : cells.solid) solid.add(c.x, c.y, c.z, c.colour);
        for (const ShownCube& c : cells.edges) edges.add(c.x, c.y, c.z, c.colour);
        for (const ShownCube& c : cells.ghost) {
            ghost.add(c.x, c.y, c.z, c.colour);
            ghostEdges.add(c.x, c.y, c.z, c.colour);
        }
        ghost.actor->GetProperty()->SetOpacity(target && overlay ? kMissingOpacity : kGhostOpacity);
        solid.commit();
        ghost.commit();
        edges.commit();
        ghostEdges.commit();
        footprints.update(cells.footprints);
        updateLegend();
    }

    /// The top of what stands in the zone: the highest shown cube, or the agent's head.
    double zoneTop() const {
        double top = kZoneBounds[2];
        for (const auto* layer : {&cells.solid, &cells.ghost})
            for (const ShownCube& c : *layer) top = std::max(top, c.y + 0.5);
        if (agentPose) top = std::max(top, agentPose->y + 0.3);
        return std::min(top, kZoneBounds[3]);
    }

    void updateLegend() {
        const OverlayStats& stats = cells.stats;
        struct Line { std::string text; Rgb colour; };
        std::vector<Line> lines;
        const Rgb white{235, 235, 235};
        if (!caption.empty()) lines.push_back({caption, white});
        char buf[128];
        if (target) {
            if (overlay) {
                const auto row = [&](OverlayCategory c, int n, const char* style) {
                    std::snprintf(buf, sizeof buf, "%-8s %3d  (%s)", overlayCategoryName(c), n, style);
                    lines.push_back({buf, overlayColour(c)});
                };
                row(OverlayCategory::Matched, stats.matched, "solid");
                row(OverlayCategory::Missing, stats.missing, "ghost");
                row(OverlayCategory::Extra, stats.extra, "outlined");
            } else {
                std::snprintf(buf, sizeof buf, "built %d   target %d (%s)", built.count(), targetSize, ghostOn ? "ghost" : "ghost hidden");
                lines.push_back({buf, white});
            }
            std::snprintf(buf, sizeof buf, "P %.2f  R %.2f  F1 %.2f", stats.scores.precision, stats.scores.recall,
                          stats.scores.f1);
            lines.push_back({buf, white});
        }
        if (filter.active()) lines.push_back({"showing " + filter.text(), white});
        if (agentPose) {
            const std::string_view facing = core::facingName(agentPose->yaw);
            std::snprintf(buf, sizeof buf, "agent facing %.*s (yaw %.0f, pitch %.0f)", static_cast<int>(facing.size()),
                          facing.data(), core::wholeDegrees(agentPose->yaw), core::wholeDegrees(agentPose->pitch));
            lines.push_back({buf, kAgentArrow});
        }
        for (std::size_t i = 0; i < legend.size(); ++i) {
            if (i < lines.size()) {
                legend[i]->SetInput(lines[i].text.c_str());
                legend[i]->GetTextProperty()->SetColor(c01(lines[i].colour.r), c01(lines[i].colour.g),
                                                       c01(lines[i].colour.b));
                legend[i]->VisibilityOn();
                legendLines[i] = lines[i].text;
            } else {
                legend[i]->VisibilityOff();
                legendLines[i].clear();
            }
        }
    }

    /// Legends outside the projection of the zone (its floor up to the top of what is shown):
    /// the scene's first (top left preferred), then the belief's (bottom left preferred).
    void layoutLegend() {
        const int* size = renderer->GetSize();
        const double top = zoneTop();
        vtkCamera* cam = renderer->GetActiveCamera();
        const auto project = [&](const Point2& shift) {
            cam->SetWindowCenter(shift[0], shift[1]);
            std::vector<Point2> zone;
            for (int corner = 0; corner < 8; ++corner) {
                renderer->SetWorldPoint(kZoneBounds[corner & 1], (corner & 2) ? top : kZoneBounds[2],
                                        kZoneBounds[4 + ((corner >> 2) & 1)], 1.0);
                renderer->WorldToDisplay();
                const double* d = renderer->GetDisplayPoint();
                zone.push_back({d[0], d[1]});
            }
            return convexHull(std::move(zone));
        };
        int shown = 0;
        double width = 0;
        for (std::size_t i = 0; i < legend.size(); ++i) {
            if (!legend[i]->GetVisibility()) continue;
            width = std::max(width, scene_detail::textWidth(renderer, legendLines[i], static_cast<int>(std::lround(kLegendFont * textScale))));
            ++shown;
        }
        static constexpr Corner kScenePrefer[] = {Corner::TopLeft, Corner::TopRight, Corner::BottomRight, Corner::BottomLeft};
        static constexpr Corner kBeliefPrefer[] = {Corner::BottomLeft, Corner::BottomRight, Corner::TopRight, Corner::TopLeft};
        // No legend: no shift. Else the legend where it covers nothing, the picture moved if need be.
        ShiftedPlacement placed = shown == 0 ? ShiftedPlacement{{}, {0, 0}, project({0, 0})}
                                             : placeLegendShifting(project, size[0], size[1], width, shown * kLegendLine * textScale, kScenePrefer);
        cam->SetWindowCenter(placed.shift[0], placed.shift[1]);
        legendLayout.scene = placed.legend;
        legendLayout.zone = std::move(placed.zone);
        legendLayout.shift = placed.shift;
        const LegendPlacement& p = legendLayout.scene;
        int row = 0;
        for (std::size_t i = 0; i < legend.size(); ++i) {
            if (!legend[i]->GetVisibility()) continue;
            legend[i]->GetTextProperty()->SetFontSize(static_cast<int>(std::lround(kLegendFont * textScale * p.scale)));
            const double y = p.box.y + p.box.height - kLegendLine * textScale * p.scale * (row++ + 1);
            legend[i]->SetDisplayPosition(static_cast<int>(p.box.x), static_cast<int>(std::lround(y)));
        }
        const auto beliefSize = belief.legendSize(textScale);
        const LegendBox taken[] = {p.box};
        legendLayout.belief = {};
        if (beliefSize[1] <= 0) return;
        legendLayout.belief = placeLegend(legendLayout.zone, size[0], size[1], beliefSize[0], beliefSize[1], kBeliefPrefer,
                                          shown > 0 ? std::span<const LegendBox>(taken) : std::span<const LegendBox>());
        belief.placeLegend(legendLayout.belief.box, legendLayout.belief.scale * textScale);
    }
};

std::string ZoneScene::drawnState() const {
    const Impl& d = *impl_;
    std::vector<std::string> lines;
    d.solid.dumpDrawn("solid", lines);
    d.ghost.dumpDrawn("ghost", lines);
    d.edges.dumpDrawn("edge", lines);
    d.ghostEdges.dumpDrawn("ghostedge", lines);
    d.footprints.dumpDrawn(lines);
    d.belief.dumpDrawn(lines);
    std::sort(lines.begin(), lines.end());
    std::string out;
    char buf[96];
    std::snprintf(buf, sizeof buf, "ghost opacity %.3f\n", d.ghost.actor->GetProperty()->GetOpacity());
    out += buf;
    for (vtkActor* a : {d.agentBody.Get(), d.agentHead.Get(), d.agentArrow.Get()}) {
        if (!a->GetVisibility()) {
            out += "agent part hidden\n";
            continue;
        }
        vtkMatrix4x4* m = a->GetUserTransform()->GetMatrix();
        out += "agent part";
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 4; ++j) {
                std::snprintf(buf, sizeof buf, " %.4f", m->GetElement(i, j) + 0.0);
                out += buf;
            }
        out += '\n';
    }
    for (std::size_t i = 0; i < d.legend.size(); ++i)
        if (d.legend[i]->GetVisibility()) out += "legend " + std::string(d.legend[i]->GetInput()) + '\n';
    for (const auto& l : lines) {
        out += l;
        out += '\n';
    }
    return out;
}

ZoneScene::ZoneScene() : impl_(std::make_unique<Impl>()) { applyView(ViewPreset::Iso); }
ZoneScene::~ZoneScene() = default;

vtkRenderer* ZoneScene::renderer() const noexcept { return impl_->renderer; }

void ZoneScene::setTarget(const std::optional<core::Grid>& target) {
    impl_->target = target;
    impl_->targetSize = target ? target->count() : 0;
    impl_->belief.setTarget(target);
    impl_->update();
}
void ZoneScene::setBuilt(const core::Grid& built) {
    impl_->built = built;
    impl_->update();
}
void ZoneScene::setAgent(const std::optional<core::Pose>& pose) { impl_->setAgent(pose); }
void ZoneScene::setOverlay(bool on) {
    if (impl_->overlay == on) return;
    impl_->overlay = on;
    impl_->update();
}
void ZoneScene::setGhost(bool on) {
    if (impl_->ghostOn == on) return;
    impl_->ghostOn = on;
    impl_->update();
}
void ZoneScene::setCaption(const std::string& caption) {
    impl_->caption = caption;
    impl_->updateLegend();
}

void ZoneScene::setTextScale(double scale) { impl_->textScale = scale > 0 ? scale : 1; }
double ZoneScene::textScale() const noexcept { return impl_->textScale; }

double exportTextScale(int height) noexcept { return std::max(1.0, height / 720.0); }

void ZoneScene::setBelief(const std::optional<core::Belief>& belief) { impl_->belief.setBelief(belief); }
void ZoneScene::setBeliefShown(bool on) { impl_->belief.setShown(on); }
bool ZoneScene::beliefShown() const noexcept { return impl_->belief.shown(); }
const std::optional<core::Belief>& ZoneScene::belief() const noexcept { return impl_->belief.belief(); }
const BeliefStats& ZoneScene::beliefStats() const noexcept { return impl_->belief.stats(); }

bool ZoneScene::overlay() const noexcept { return impl_->overlay; }
bool ZoneScene::ghost() const noexcept { return impl_->ghostOn; }
bool ZoneScene::hasTarget() const noexcept { return impl_->target.has_value(); }
const core::Grid& ZoneScene::built() const noexcept { return impl_->built; }
const OverlayStats& ZoneScene::stats() const noexcept { return impl_->cells.stats; }
const std::vector<Footprint>& ZoneScene::footprints() const noexcept { return impl_->cells.footprints; }
const ZoneScene::LegendLayout& ZoneScene::legendLayout() const noexcept { return impl_->legendLayout; }
void ZoneScene::setFilter(const SceneFilter& filter) {
    if (impl_->filter == filter) return;
    impl_->filter = filter;
    impl_->update();
}
const SceneFilter& ZoneScene::filter() const noexcept { return impl_->filter; }
CellKind ZoneScene::cellKind(int x, int y, int z) const noexcept {
    return core::Grid::inZone(x, y, z) ? impl_->cells.kinds[static_cast<std::size_t>(core::Grid::index(x, y, z))]
                                       : CellKind::None;
}
int ZoneScene::cubesShown() const noexcept { return impl_->solid.size() + impl_->ghost.size(); }

std::string ZoneScene::compassText() const {
    std::string out;
    char buf[96];
    for (const auto& t : impl_->compass) {
        const double* p = t->GetPosition();
        std::snprintf(buf, sizeof buf, "%s %.1f %.1f %.1f%s\n", t->GetInput(), p[0], p[1], p[2], t->GetVisibility() ? "" : " hidden");
        out += buf;
    }
    return out;
}

std::string ZoneScene::legendText() const {
    std::string out;
    for (const auto& l : impl_->legendLines) {
        if (l.empty()) continue;
        out += l;
        out += '\n';
    }
    return out + impl_->belief.legendText();
}

bool CameraPose::near(const CameraPose& o) const noexcept {
    auto close = [](double x, double y) { return std::abs(x - y) <= 1e-9 * (1 + std::abs(x) + std::abs(y)); };
    for (int i = 0; i < 3; ++i)
        if (!close(position[i], o.position[i]) || !close(focalPoint[i], o.focalPoint[i]) || !close(viewUp[i], o.viewUp[i])) return false;
    return close(viewAngle, o.viewAngle) && close(parallelScale, o.parallelScale);
}

CameraPose ZoneScene::cameraPose() const {
    vtkCamera* c = impl_->renderer->GetActiveCamera();
    CameraPose p;
    c->GetPosition(p.position.data());
    c->GetFocalPoint(p.focalPoint.data());
    c->GetViewUp(p.viewUp.data());
    p.viewAngle = c->GetViewAngle();
    p.parallelScale = c->GetParallelScale();
    return p;
}

void ZoneScene::setCameraPose(const CameraPose& p) {
    vtkCamera* c = impl_->renderer->GetActiveCamera();
    c->SetPosition(p.position.data());
    c->SetFocalPoint(p.focalPoint.data());
    c->SetViewUp(p.viewUp.data());
    c->SetViewAngle(p.viewAngle);
    c->SetParallelScale(p.parallelScale);
    impl_->renderer->ResetCameraClippingRange();
}

void ZoneScene::copyStateFrom(const ZoneScene& other) {
    const Impl& o = *other.impl_;
    setTarget(o.target);
    setBuilt(o.built);
    setAgent(o.agentPose);
    setOverlay(o.overlay);
    setGhost(o.ghostOn);
    setFilter(o.filter);
    setCaption(o.caption);
    setBelief(o.belief.belief());
    setBeliefShown(o.belief.shown());
    setCameraPose(other.cameraPose());
}

void ZoneScene::applyView(ViewPreset v) {
    vtkCamera* cam = impl_->renderer->GetActiveCamera();
    const double fx = 0, fy = 1.0, fz = 0;  // below the zone's middle: most builds are low
    double dx = 1, dy = 0.8, dz = 1, ux = 0, uy = 1, uz = 0;
    switch (v) {
        case ViewPreset::Iso: break;
        case ViewPreset::Top: dx = 0, dy = 1, dz = 0, ux = 0, uy = 0, uz = -1; break;
        case ViewPreset::Front: dx = 0, dy = 0.15, dz = 1; break;
        case ViewPreset::Side: dx = 1, dy = 0.15, dz = 0; break;
    }
    cam->SetFocalPoint(fx, fy, fz);
    cam->SetPosition(fx + dx * 40, fy + dy * 40, fz + dz * 40);
    cam->SetViewUp(ux, uy, uz);
    double bounds[6];
    std::copy(std::begin(kZoneBounds), std::end(kZoneBounds), bounds);
    impl_->renderer->ResetCamera(bounds);
    cam->Zoom(1.05);
    impl_->renderer->ResetCameraClippingRange(bounds);
}

std::optional<std::array<double, 2>> ZoneScene::displayPosition(double x, double y, double z) const {
    vtkRenderer* r = impl_->renderer;
    if (r->GetRenderWindow() == nullptr) return std::nullopt;
    r->SetWorldPoint(x, y, z, 1.0);
    r->WorldToDisplay();
    const double* d = r->GetDisplayPoint();
    return std::array<double, 2>{d[0], d[1]};
}

std::optional<PickedBlock> ZoneScene::pick(double displayX, double displayY) const {
    vtkRenderer* r = impl_->renderer;
    if (r->GetRenderWindow() == nullptr) return std::nullopt;
    std::array<double, 3> nearP{}, farP{};
    for (int i = 0; i < 2; ++i) {
        r->SetDisplayPoint(displayX, displayY, i == 0 ? 0.0 : 1.0);
        r->DisplayToWorld();
        const double* w = r->GetWorldPoint();
        if (w[3] == 0.0) return std::nullopt;
        double* out = i == 0 ? nearP.data() : farP.data();
        for (int k = 0; k < 3; ++k) out[k] = w[k] / w[3];
    }
    return pickAlongRay(nearP, farP, impl_->cells);
}

}  // namespace iglu::viewers
