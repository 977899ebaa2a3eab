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

const char* cellKindName(CellKind k) noexcept {
    switch (k) {
        case CellKind::None: return "empty";
        case CellKind::Built: return "built";
        case CellKind::Target: return "target";
        case CellKind::Matched: return "matched";
        case CellKind::Missing: return "missing";
        case CellKind::Extra: return "extra";
    }
    return "?";
}

std::string describe(const PickedBlock& p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%d, %d, %d) %s, %s", p.block.x, p.block.y, p.block.z,
                  core::colourName(p.block.colour), cellKindName(p.kind));
    return buf;
}

namespace {

constexpr double kCube = 0.96;  // cube edge: a small gap keeps neighbouring blocks readable
constexpr double kZoneBounds[6] = {core::kMinX - 0.5, core::kMaxX + 0.5, core::kMinY - 0.5,
                                   core::kMaxY + 0.5, core::kMinZ - 0.5, core::kMaxZ + 0.5};
constexpr int kLegendLines = 6;

double c01(std::uint8_t v) { return v / 255.0; }

/// One layer of cubes (or cube outlines) as a single polydata: every visible face is a quad with
/// its own normal and colour, and faces between two cubes of the same layer are dropped. One draw
/// call per layer; llvmpipe renders a full zone in a few milliseconds (glyph instancing took ~50).
struct CubeLayer {
    struct Cube { int x, y, z; Rgb colour; };
    enum class Kind { Faces, Outlines };

    Kind kind;
    /// Outlines: only edges of faces this layer leaves visible are drawn (an edge inside a block of
    /// solid cubes is never seen, and lines are what llvmpipe draws slowest).
    const CubeLayer* hider = nullptr;
    std::vector<Cube> cubes;
    std::array<bool, core::kCells> occupied{};
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> normals;
    vtkNew<vtkUnsignedCharArray> colours;
    vtkNew<vtkIdTypeArray> connectivity;
    vtkNew<vtkCellArray> cells;
    vtkNew<vtkPolyData> poly;
    vtkNew<vtkPolyDataMapper> mapper;
    vtkNew<vtkActor> actor;

    explicit CubeLayer(Kind k) : kind(k) {
        cubes.reserve(core::kCells);
        points->SetDataTypeToFloat();
        normals->SetNumberOfComponents(3);
        normals->SetName("normals");
        colours->SetNumberOfComponents(3);
        colours->SetName("colours");
        poly->SetPoints(points);
        if (kind == Kind::Faces) {
            poly->SetPolys(cells);
            poly->GetPointData()->SetNormals(normals);
        } else {
            poly->SetLines(cells);
        }
        poly->GetPointData()->SetScalars(colours);
        mapper->SetInputData(poly);
        mapper->SetScalarModeToUsePointData();
        mapper->SetColorModeToDirectScalars();
        mapper->ScalarVisibilityOn();
        actor->SetMapper(mapper);
    }
    void clear() {
        for (const Cube& c : cubes) occupied[static_cast<std::size_t>(core::Grid::index(c.x, c.y, c.z))] = false;
        cubes.clear();
    }
    void add(int x, int y, int z, Rgb c) {
        cubes.push_back({x, y, z, c});
        occupied[static_cast<std::size_t>(core::Grid::index(x, y, z))] = true;
    }
    bool has(int x, int y, int z) const {
        return core::Grid::inZone(x, y, z) && occupied[static_cast<std::size_t>(core::Grid::index(x, y, z))];
    }
    void commit() {
        // WritePointer(0, n) only ever grows an array's in-use size (VTK keeps MaxId when n is
        // smaller), so without a reset a smaller state would keep drawing the previous state's
        // tail of points, colours and cells. Reset() keeps the memory: still allocation-free.
        points->GetData()->Reset();
        normals->Reset();
        colours->Reset();
        connectivity->Reset();
        if (kind == Kind::Faces) buildFaces();
        else buildOutlines();
        points->Modified();
        normals->Modified();
        colours->Modified();
        connectivity->Modified();
        cells->Modified();
        poly->Modified();
        actor->SetVisibility(!cubes.empty());
    }
    int size() const { return static_cast<int>(cubes.size()); }

    /// What the layer's polydata holds (what VTK draws), read back from the VTK arrays, one line
    /// per face or edge, sorted: "name x y z nx ny nz r g b" (centre, normal, colour).
    void dumpDrawn(const char* name, std::vector<std::string>& out) const {
        if (!actor->GetVisibility()) return;
        vtkCellArray* drawn = kind == Kind::Faces ? poly->GetPolys() : poly->GetLines();
        vtkPoints* pts = poly->GetPoints();
        vtkDataArray* nrm = poly->GetPointData()->GetNormals();
        vtkDataArray* col = poly->GetPointData()->GetScalars();
        char buf[160];
        for (vtkIdType cell = 0; cell < drawn->GetNumberOfCells(); ++cell) {
            vtkIdType n = 0;
            const vtkIdType* ids = nullptr;
            drawn->GetCellAtId(cell, n, ids);
            double c[3] = {0, 0, 0};
            for (vtkIdType i = 0; i < n; ++i) {
                const double* q = pts->GetPoint(ids[i]);
                for (int k = 0; k < 3; ++k) c[k] += q[k] / static_cast<double>(n);
            }
            const double* nn = (nrm != nullptr && n > 0) ? nrm->GetTuple3(ids[0]) : nullptr;
            const double* rgb = n > 0 ? col->GetTuple3(ids[0]) : nullptr;
            std::snprintf(buf, sizeof buf, "%s %.3f %.3f %.3f %g %g %g %g %g %g", name, c[0], c[1], c[2],
                          nn ? nn[0] : 0.0, nn ? nn[1] : 0.0, nn ? nn[2] : 0.0, rgb ? rgb[0] : -1.0,
                          rgb ? rgb[1] : -1.0, rgb ? rgb[2] : -1.0);
            out.emplace_back(buf);
        }
    }

private:
    void buildFaces() {
        // Face f: normal axis/sign and its four corners (unit cube around the centre).
        static constexpr int kNormal[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        static constexpr float kCorner[6][4][3] = {
            {{1, -1, -1}, {1, 1, -1}, {1, 1, 1}, {1, -1, 1}},
            {{-1, -1, -1}, {-1, -1, 1}, {-1, 1, 1}, {-1, 1, -1}},
            {{-1, 1, -1}, {-1, 1, 1}, {1, 1, 1}, {1, 1, -1}},
            {{-1, -1, -1}, {1, -1, -1}, {1, -1, 1}, {-1, -1, 1}},
            {{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}},
            {{-1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {1, -1, -1}}};
        std::size_t faces = 0;
        for (const Cube& c : cubes)
            for (const auto& n : kNormal) faces += has(c.x + n[0], c.y + n[1], c.z + n[2]) ? 0 : 1;
        const auto nPoints = static_cast<vtkIdType>(faces * 4);
        auto* pts = static_cast<vtkFloatArray*>(points->GetData());
        float* p = pts->WritePointer(0, nPoints * 3);
        float* nn = normals->WritePointer(0, nPoints * 3);
        unsigned char* col = colours->WritePointer(0, nPoints * 3);
        vtkIdType* conn = connectivity->WritePointer(0, nPoints);
        vtkIdType id = 0;
        const float h = static_cast<float>(kCube / 2);
        for (const Cube& c : cubes)
            for (int f = 0; f < 6; ++f) {
                const int* n = kNormal[f];
                if (has(c.x + n[0], c.y + n[1], c.z + n[2])) continue;
                for (const auto& k : kCorner[f]) {
                    *p++ = static_cast<float>(c.x) + h * k[0];
                    *p++ = static_cast<float>(c.y) + h * k[1];
                    *p++ = static_cast<float>(c.z) + h * k[2];
                    *nn++ = static_cast<float>(n[0]);
                    *nn++ = static_cast<float>(n[1]);
                    *nn++ = static_cast<float>(n[2]);
                    *col++ = c.colour.r;
                    *col++ = c.colour.g;
                    *col++ = c.colour.b;
                    *conn++ = id++;
                }
            }
        cells->SetData(4, connectivity);
    }
    void buildOutlines() {
        static constexpr int kEdges[12][2] = {{0, 1}, {1, 3}, {3, 2}, {2, 0}, {4, 5}, {5, 7},
                                             {7, 6}, {6, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
        // Corner bits: 1 = +x, 2 = +y, 4 = +z. An edge is seen when one of its two faces is.
        const auto edgeSeen = [this](const Cube& c, int a, int b) {
            for (int axis = 0; axis < 3; ++axis) {
                if (((a ^ b) >> axis) & 1) continue;
                int d[3] = {0, 0, 0};
                d[axis] = ((a >> axis) & 1) ? 1 : -1;
                if (hider == nullptr || !hider->has(c.x + d[0], c.y + d[1], c.z + d[2])) return true;
            }
            return false;
        };
        vtkIdType lines = 0;
        for (const Cube& c : cubes)
            for (const auto& e : kEdges) lines += edgeSeen(c, e[0], e[1]) ? 1 : 0;
        const auto nCubes = static_cast<vtkIdType>(cubes.size());
        auto* pts = static_cast<vtkFloatArray*>(points->GetData());
        float* p = pts->WritePointer(0, nCubes * 8 * 3);
        unsigned char* col = colours->WritePointer(0, nCubes * 8 * 3);
        vtkIdType* conn = connectivity->WritePointer(0, lines * 2);
        const float h = 0.5f;
        vtkIdType base = 0;
        for (const Cube& c : cubes) {
            for (int corner = 0; corner < 8; ++corner) {
                *p++ = static_cast<float>(c.x) + ((corner & 1) ? h : -h);
                *p++ = static_cast<float>(c.y) + ((corner & 2) ? h : -h);
                *p++ = static_cast<float>(c.z) + ((corner & 4) ? h : -h);
                *col++ = 255;
                *col++ = 255;
                *col++ = 255;
            }
            for (const auto& e : kEdges) {
                if (!edgeSeen(c, e[0], e[1])) continue;
                *conn++ = base + e[0];
                *conn++ = base + e[1];
            }
            base += 8;
        }
        cells->SetData(2, connectivity);
    }
};

}  // namespace

struct ZoneScene::Impl {
    vtkNew<vtkRenderer> renderer;
    CubeLayer solid{CubeLayer::Kind::Faces}, ghost{CubeLayer::Kind::Faces}, edges{CubeLayer::Kind::Outlines};
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
    OverlayStats stats;
    std::array<CellKind, core::kCells> kinds{};
    std::array<std::int8_t, core::kCells> colours{};

    Impl() {
        edges.hider = &solid;
        for (CubeLayer* layer : {&solid, &ghost, &edges}) {
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
        solid.clear();
        ghost.clear();
        edges.clear();
        kinds.fill(CellKind::None);
        colours.fill(0);
        stats = {};
        auto mark = [this](const core::Block& b, CellKind k) {
            const int idx = core::Grid::index(b.x, b.y, b.z);
            kinds[static_cast<std::size_t>(idx)] = k;
            colours[static_cast<std::size_t>(idx)] = static_cast<std::int8_t>(b.colour);
        };
        const int builtSize = built.count();
        if (target && overlay) {
            const core::IntersectionOverlay ov = core::overlay(*target, built);
            const Rgb m = overlayColour(OverlayCategory::Matched), e = overlayColour(OverlayCategory::Extra),
                      s = overlayColour(OverlayCategory::Missing);
            for (const auto& b : ov.matched) { solid.add(b.x, b.y, b.z, m); mark(b, CellKind::Matched); }
            for (const auto& b : ov.extra) {
                solid.add(b.x, b.y, b.z, e);
                edges.add(b.x, b.y, b.z, e);
                mark(b, CellKind::Extra);
            }
            for (const auto& b : ov.missing) {
                if (!core::Grid::inZone(b.x, b.y, b.z)) continue;
                ghost.add(b.x, b.y, b.z, s);
                mark(b, CellKind::Missing);
            }
            stats.matched = static_cast<int>(ov.matched.size());
            stats.missing = static_cast<int>(ov.missing.size());
            stats.extra = static_cast<int>(ov.extra.size());
            stats.scores = core::scoreFromCounts(stats.matched, targetSize, builtSize);
            stats.scores.alignment = ov.alignment;
            ghost.actor->GetProperty()->SetOpacity(kMissingOpacity);
        } else {
            for (int idx = 0; idx < core::kCells; ++idx) {
                const int c = built.cell(idx);
                if (c == 0) continue;
                core::Block b = core::Grid::position(idx);
                b.colour = c;
                solid.add(b.x, b.y, b.z, blockColour(c));
                mark(b, CellKind::Built);
            }
            if (target) {
                if (ghostOn) {
                    for (int idx = 0; idx < core::kCells; ++idx) {
                        const int c = target->cell(idx);
                        if (c == 0 || kinds[static_cast<std::size_t>(idx)] != CellKind::None) continue;
                        core::Block b = core::Grid::position(idx);
                        b.colour = c;
                        ghost.add(b.x, b.y, b.z, blockColour(c));
                        mark(b, CellKind::Target);
                    }
                }
                stats.scores = core::score(*target, built);
                stats.matched = stats.scores.intersection;
                stats.missing = targetSize - stats.matched;
                stats.extra = builtSize - stats.matched;
            }
            ghost.actor->GetProperty()->SetOpacity(kGhostOpacity);
        }
        solid.commit();
        ghost.commit();
        edges.commit();
        updateLegend();
    }

    void updateLegend() {
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

    void layoutLegend() {
        const int* size = renderer->GetSize();
        const int lineHeight = 22;
        for (std::size_t i = 0; i < legend.size(); ++i)
            legend[i]->SetDisplayPosition(12, size[1] - 12 - lineHeight * static_cast<int>(i + 1));
    }
};

std::string ZoneScene::drawnState() const {
    const Impl& d = *impl_;
    std::vector<std::string> lines;
    d.solid.dumpDrawn("solid", lines);
    d.ghost.dumpDrawn("ghost", lines);
    d.edges.dumpDrawn("edge", lines);
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

void ZoneScene::setBelief(const std::optional<core::Belief>& belief) { impl_->belief.setBelief(belief); }
void ZoneScene::setBeliefShown(bool on) { impl_->belief.setShown(on); }
bool ZoneScene::beliefShown() const noexcept { return impl_->belief.shown(); }
const std::optional<core::Belief>& ZoneScene::belief() const noexcept { return impl_->belief.belief(); }
const BeliefStats& ZoneScene::beliefStats() const noexcept { return impl_->belief.stats(); }

bool ZoneScene::overlay() const noexcept { return impl_->overlay; }
bool ZoneScene::ghost() const noexcept { return impl_->ghostOn; }
bool ZoneScene::hasTarget() const noexcept { return impl_->target.has_value(); }
const core::Grid& ZoneScene::built() const noexcept { return impl_->built; }
const OverlayStats& ZoneScene::stats() const noexcept { return impl_->stats; }
CellKind ZoneScene::cellKind(int x, int y, int z) const noexcept {
    return core::Grid::inZone(x, y, z) ? impl_->kinds[static_cast<std::size_t>(core::Grid::index(x, y, z))]
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
    double nearP[3], farP[3];
    for (int i = 0; i < 2; ++i) {
        r->SetDisplayPoint(displayX, displayY, i == 0 ? 0.0 : 1.0);
        r->DisplayToWorld();
        const double* w = r->GetWorldPoint();
        if (w[3] == 0.0) return std::nullopt;
        double* out = i == 0 ? nearP : farP;
        for (int k = 0; k < 3; ++k) out[k] = w[k] / w[3];
    }
    // Clip the ray to the zone box (slabs), then walk it in small steps.
    double t0 = 0, t1 = 1;
    double d[3];
    for (int k = 0; k < 3; ++k) {
        d[k] = farP[k] - nearP[k];
        const double lo = kZoneBounds[2 * k], hi = kZoneBounds[2 * k + 1];
        if (std::abs(d[k]) < 1e-12) {
            if (nearP[k] < lo || nearP[k] > hi) return std::nullopt;
            continue;
        }
        double a = (lo - nearP[k]) / d[k], b = (hi - nearP[k]) / d[k];
        if (a > b) std::swap(a, b);
        t0 = std::max(t0, a);
        t1 = std::min(t1, b);
        if (t0 > t1) return std::nullopt;
    }
    const double length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (length <= 0) return std::nullopt;
    const double step = 0.01 / length;
    for (double t = t0; t <= t1; t += step) {
        const int x = static_cast<int>(std::lround(nearP[0] + t * d[0]));
        const int y = static_cast<int>(std::lround(nearP[1] + t * d[1]));
        const int z = static_cast<int>(std::lround(nearP[2] + t * d[2]));
        if (!core::Grid::inZone(x, y, z)) continue;
        const auto idx = static_cast<std::size_t>(core::Grid::index(x, y, z));
        if (impl_->kinds[idx] == CellKind::None) continue;
        return PickedBlock{core::Block{x, y, z, impl_->colours[idx]}, impl_->kinds[idx]};
    }
    return std::nullopt;
}

}  // namespace iglu::viewers
