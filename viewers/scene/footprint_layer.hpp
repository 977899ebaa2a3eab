#pragma once
// Internal to iglu_viewers_scene (not installed): the dark squares on the floor under every shown
// column (scene_cells.hpp's footprints), one translucent polydata, so a tower standing off the
// agent's cell reads as standing where it is.
#include <cstdio>
#include <string>
#include <vector>

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include "viewers/scene/palette.hpp"
#include "viewers/scene/scene_cells.hpp"

namespace iglu::viewers::scene_detail {

struct FootprintLayer {
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> cells;
    vtkNew<vtkPolyData> poly;
    vtkNew<vtkActor> actor;

    /// Squares of edge `edge` just above the floor at height `floorY` (under it, the belief's line
    /// cubes, which reach below the floor, drew differently from one render to the next).
    FootprintLayer(vtkRenderer* renderer, double floorY, double edge) : y_(floorY + 0.01), half_(edge / 2) {
        poly->SetPoints(points);
        poly->SetPolys(cells);
        vtkNew<vtkPolyDataMapper> m;
        m->SetInputData(poly);
        actor->SetMapper(m);
        actor->GetProperty()->SetColor(kFootprint.r / 255.0, kFootprint.g / 255.0, kFootprint.b / 255.0);
        actor->GetProperty()->SetOpacity(kFootprintOpacity);
        actor->GetProperty()->LightingOff();
        actor->VisibilityOff();
        renderer->AddActor(actor);
    }
    /// Reset keeps the arrays' memory: no allocation once they are large enough.
    void update(const std::vector<Footprint>& footprints) {
        points->Reset();
        cells->Reset();
        const double dx[4] = {-half_, half_, half_, -half_}, dz[4] = {-half_, -half_, half_, half_};
        for (const Footprint& f : footprints) {
            vtkIdType ids[4];
            for (int k = 0; k < 4; ++k) ids[k] = points->InsertNextPoint(f.x + dx[k], y_, f.z + dz[k]);
            cells->InsertNextCell(4, ids);
        }
        points->Modified();
        cells->Modified();
        poly->Modified();
        actor->SetVisibility(!footprints.empty());
    }
    /// "footprint x y z" (centre) per square drawn, for ZoneScene::drawnState.
    void dumpDrawn(std::vector<std::string>& out) const {
        if (!actor->GetVisibility()) return;
        char buf[64];
        for (vtkIdType i = 0; i + 2 < points->GetNumberOfPoints(); i += 4) {
            const double* a = points->GetPoint(i);
            const double* c = points->GetPoint(i + 2);
            std::snprintf(buf, sizeof buf, "footprint %.3f %.3f %.3f", (a[0] + c[0]) / 2, a[1], (a[2] + c[2]) / 2);
            out.emplace_back(buf);
        }
    }

private:
    double y_, half_;
};

}  // namespace iglu::viewers::scene_detail
