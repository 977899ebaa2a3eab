#include "viewers/scene/belief_layer.hpp"

#include <algorithm>
#include <cmath>
#include <array>
#include <cstdio>

#include <vtkActor.h>
#include <vtkCallbackCommand.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkUnsignedCharArray.h>

#include "core/intersection/maximal_intersection.hpp"
#include "text_width.hpp"
#include "viewers/scene/palette.hpp"

namespace iglu::viewers {

const char* beliefCategoryName(BeliefCategory c) noexcept {
    switch (c) {
        case BeliefCategory::Right: return "right";
        case BeliefCategory::Wrong: return "wrong";
        case BeliefCategory::Unpredicted: return "not predicted";
    }
    return "?";
}

const char* beliefCategoryStyle(BeliefCategory c) noexcept {
    switch (c) {
        case BeliefCategory::Right: return "outlined";
        case BeliefCategory::Wrong: return "crossed";
        case BeliefCategory::Unpredicted: return "corners";
    }
    return "?";
}

namespace {

// Slightly larger than a block (0.96) and than the overlay's extra-block edges (1.0), so the
// belief's lines are drawn around a built block, never inside it or on top of its edges.
constexpr float kHalf = 0.53f;
constexpr float kBracket = 0.28f;  // length of a corner bracket's arms, of 2 * kHalf
constexpr int kLegendLines = 3;
constexpr int kLegendFont = 16;
constexpr double kLegendLine = 22;
constexpr double kLineWidth = 2.5;

double c01(std::uint8_t v) { return v / 255.0; }

}  // namespace

struct BeliefLayer::Impl {
    vtkRenderer* renderer;
    vtkNew<vtkPoints> points;
    vtkNew<vtkUnsignedCharArray> colours;
    vtkNew<vtkCellArray> lines;
    vtkNew<vtkPolyData> poly;
    vtkNew<vtkPolyDataMapper> mapper;
    vtkNew<vtkActor> actor;
    std::array<vtkNew<vtkTextActor>, kLegendLines> legend;

    std::optional<core::Grid> target;
    std::optional<core::Belief> belief;
    bool shown = true;
    BeliefStats stats;

    explicit Impl(vtkRenderer* r) : renderer(r) {
        points->SetDataTypeToFloat();
        colours->SetNumberOfComponents(3);
        colours->SetName("colours");
        poly->SetPoints(points);
        poly->SetLines(lines);
        poly->GetPointData()->SetScalars(colours);
        mapper->SetInputData(poly);
        mapper->SetScalarModeToUsePointData();
        mapper->SetColorModeToDirectScalars();
        mapper->ScalarVisibilityOn();
        actor->SetMapper(mapper);
        actor->GetProperty()->SetLineWidth(kLineWidth);
        actor->GetProperty()->LightingOff();
        actor->VisibilityOff();
        renderer->AddActor(actor);
        for (auto& t : legend) {
            t->GetTextProperty()->SetFontSize(kLegendFont);
            t->GetTextProperty()->SetFontFamilyToArial();
            t->GetTextProperty()->BoldOn();
            t->GetTextProperty()->ShadowOn();
            t->VisibilityOff();
            renderer->AddViewProp(t);
        }
    }
    ~Impl() {
        renderer->RemoveActor(actor);
        for (auto& t : legend) renderer->RemoveViewProp(t);
    }

    void segment(const float a[3], const float b[3], Rgb c) {
        const vtkIdType ia = points->InsertNextPoint(a), ib = points->InsertNextPoint(b);
        for (int k = 0; k < 2; ++k) colours->InsertNextTuple3(c.r, c.g, c.b);
        const vtkIdType ids[2] = {ia, ib};
        lines->InsertNextCell(2, ids);
    }
    static void corner(const core::Block& b, int bits, float out[3]) {
        out[0] = static_cast<float>(b.x) + ((bits & 1) ? kHalf : -kHalf);
        out[1] = static_cast<float>(b.y) + ((bits & 2) ? kHalf : -kHalf);
        out[2] = static_cast<float>(b.z) + ((bits & 4) ? kHalf : -kHalf);
    }
    void cube(const core::Block& b, BeliefCategory category) {
        static constexpr int kEdges[12][2] = {{0, 1}, {1, 3}, {3, 2}, {2, 0}, {4, 5}, {5, 7},
                                             {7, 6}, {6, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
        const Rgb c = blockColour(b.colour);
        float p[8][3];
        for (int i = 0; i < 8; ++i) corner(b, i, p[i]);
        if (category == BeliefCategory::Unpredicted) {
            // Corner brackets: the first and last kBracket of every edge (a "dashed" cube).
            for (const auto& e : kEdges) {
                float a[3], z[3];
                for (int k = 0; k < 3; ++k) {
                    const float d = p[e[1]][k] - p[e[0]][k];
                    a[k] = p[e[0]][k] + d * kBracket;
                    z[k] = p[e[1]][k] - d * kBracket;
                }
                segment(p[e[0]], a, c);
                segment(z, p[e[1]], c);
            }
            return;
        }
        for (const auto& e : kEdges) segment(p[e[0]], p[e[1]], c);
        if (category == BeliefCategory::Wrong) {
            // Both diagonals of every face: corners differing in the two bits other than the axis.
            for (int axis = 0; axis < 3; ++axis)
                for (int side = 0; side < 2; ++side) {
                    const int base = side << axis;
                    const int u = 1 << ((axis + 1) % 3), v = 1 << ((axis + 2) % 3);
                    segment(p[base], p[base | u | v], c);
                    segment(p[base | u], p[base | v], c);
                }
        }
    }

    void update() {
        points->Reset();
        colours->Reset();
        lines->Reset();
        stats = {};
        if (belief && shown) {
            stats.drawn = true;
            stats.step = belief->step;
            stats.predicted = belief->blocks.count();
            if (target) {
                const core::IntersectionOverlay ov = core::overlay(*target, belief->blocks);
                for (const auto& b : ov.matched) cube(b, BeliefCategory::Right);
                for (const auto& b : ov.extra) cube(b, BeliefCategory::Wrong);
                for (const auto& b : ov.missing)
                    if (core::Grid::inZone(b.x, b.y, b.z)) cube(b, BeliefCategory::Unpredicted);
                stats.scored = true;
                stats.right = static_cast<int>(ov.matched.size());
                stats.wrong = static_cast<int>(ov.extra.size());
                stats.unpredicted = static_cast<int>(ov.missing.size());
                stats.scores = core::scoreFromCounts(stats.right, target->count(), stats.predicted);
                stats.scores.alignment = ov.alignment;
            } else {
                for (const core::Block& b : belief->blocks.blocks()) cube(b, BeliefCategory::Right);
            }
        }
        points->Modified();
        colours->Modified();
        lines->Modified();
        poly->Modified();
        actor->SetVisibility(lines->GetNumberOfCells() > 0);
        updateLegend();
    }

    std::array<std::string, kLegendLines> legendLines() const {
        std::array<std::string, kLegendLines> out;
        if (!stats.drawn) return out;
        char buf[160];
        if (stats.scored) {
            std::snprintf(buf, sizeof buf, "belief (step %u): %d blocks  P %.2f  R %.2f  F1 %.2f", stats.step,
                          stats.predicted, stats.scores.precision, stats.scores.recall, stats.scores.f1);
            out[0] = buf;
            std::snprintf(buf, sizeof buf, "%s %d (%s)   %s %d (%s)", beliefCategoryName(BeliefCategory::Right), stats.right,
                          beliefCategoryStyle(BeliefCategory::Right), beliefCategoryName(BeliefCategory::Wrong), stats.wrong,
                          beliefCategoryStyle(BeliefCategory::Wrong));
            out[1] = buf;
            std::snprintf(buf, sizeof buf, "%s %d (%s)", beliefCategoryName(BeliefCategory::Unpredicted), stats.unpredicted,
                          beliefCategoryStyle(BeliefCategory::Unpredicted));
            out[2] = buf;
        } else {
            std::snprintf(buf, sizeof buf, "belief (step %u): %d blocks (outlined)", stats.step, stats.predicted);
            out[0] = buf;
        }
        return out;
    }

    void updateLegend() {
        const auto text = legendLines();
        for (std::size_t i = 0; i < legend.size(); ++i) {
            legend[i]->SetVisibility(!text[i].empty());
            if (text[i].empty()) continue;
            legend[i]->SetInput(text[i].c_str());
            const Rgb c = i == 0 ? kBeliefLegend : Rgb{235, 235, 235};
            legend[i]->GetTextProperty()->SetColor(c01(c.r), c01(c.g), c01(c.b));
        }
    }
};

BeliefLayer::BeliefLayer(vtkRenderer* renderer) : impl_(std::make_unique<Impl>(renderer)) {}
BeliefLayer::~BeliefLayer() = default;

void BeliefLayer::setTarget(const std::optional<core::Grid>& target) {
    impl_->target = target;
    impl_->update();
}
void BeliefLayer::setBelief(const std::optional<core::Belief>& belief) {
    if (impl_->belief == belief) return;  // playback sets it every step; it changes rarely
    impl_->belief = belief;
    impl_->update();
}
void BeliefLayer::setShown(bool on) {
    if (impl_->shown == on) return;
    impl_->shown = on;
    impl_->update();
}

bool BeliefLayer::shown() const noexcept { return impl_->shown; }
const std::optional<core::Belief>& BeliefLayer::belief() const noexcept { return impl_->belief; }
const BeliefStats& BeliefLayer::stats() const noexcept { return impl_->stats; }

std::array<double, 2> BeliefLayer::legendSize(double textScale) const {
    double width = 0;
    int shown = 0;
    for (const auto& t : impl_->legend) {
        if (!t->GetVisibility()) continue;
        width = std::max(width, scene_detail::textWidth(impl_->renderer, t->GetInput(), static_cast<int>(std::lround(kLegendFont * textScale))));
        ++shown;
    }
    return {width, shown * kLegendLine * textScale};
}

void BeliefLayer::placeLegend(const LegendBox& box, double scale) {
    int row = 0;
    for (const auto& t : impl_->legend) {
        if (!t->GetVisibility()) continue;
        t->GetTextProperty()->SetFontSize(static_cast<int>(std::lround(kLegendFont * scale)));
        const double y = box.y + box.height - kLegendLine * scale * (row++ + 1);
        t->SetDisplayPosition(static_cast<int>(box.x), static_cast<int>(std::lround(y)));
    }
}

std::string BeliefLayer::legendText() const {
    std::string out;
    for (const auto& l : impl_->legendLines()) {
        if (l.empty()) continue;
        out += l;
        out += '\n';
    }
    return out;
}

void BeliefLayer::dumpDrawn(std::vector<std::string>& out) const {
    const Impl& d = *impl_;
    if (d.actor->GetVisibility()) {
        vtkCellArray* drawn = d.poly->GetLines();
        vtkPoints* pts = d.poly->GetPoints();
        vtkDataArray* col = d.poly->GetPointData()->GetScalars();
        char buf[128];
        for (vtkIdType cell = 0; cell < drawn->GetNumberOfCells(); ++cell) {
            vtkIdType n = 0;
            const vtkIdType* ids = nullptr;
            drawn->GetCellAtId(cell, n, ids);
            if (n != 2) continue;
            const double* a = pts->GetPoint(ids[0]);
            const double ax = a[0], ay = a[1], az = a[2];
            const double* b = pts->GetPoint(ids[1]);
            const double* rgb = col->GetTuple3(ids[0]);
            std::snprintf(buf, sizeof buf, "belief %.3f %.3f %.3f %g %g %g", (ax + b[0]) / 2, (ay + b[1]) / 2,
                          (az + b[2]) / 2, rgb[0], rgb[1], rgb[2]);
            out.emplace_back(buf);
        }
    }
    for (const auto& t : d.legend)
        if (t->GetVisibility()) out.emplace_back(std::string("belief legend ") + t->GetInput());
}

}  // namespace iglu::viewers
