#pragma once
// Internal to iglu_viewers_scene (not installed): one layer of the 3D view's cubes (or cube
// outlines) as a single VTK polydata, a quad per visible face (or a line per visible edge).
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkUnsignedCharArray.h>

#include "core/grid/grid.hpp"
#include "viewers/scene/palette.hpp"

namespace iglu::viewers::scene_detail {

inline constexpr double kCube = 0.96;  // cube edge: a small gap keeps neighbouring blocks readable

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
                *col++ = c.colour.r;
                *col++ = c.colour.g;
                *col++ = c.colour.b;
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

}  // namespace iglu::viewers::scene_detail
