// What the drop-in iglu.gridworld needs beyond the other bindings: the IGLU dataset importers
// (datasets/), so that iglu.gridworld.data reads the original layouts through the same code as
// `iglu import`; and the maximal intersection of tasks whose grids are differences (cells -6..6:
// the reference's removal tasks `target - start`) with the admissible shifts of a full grid.
#include "bindings.hpp"

#include "convert.hpp"
#include "core/catalog/catalog.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "datasets/importer.hpp"

namespace iglu::python {

namespace gridworld_bindings {

// A dense array with cells -6..6, or a block list.
core::Grid diffGrid(const py::handle& value, const char* field) {
    if (py::isinstance<py::array>(value)) return gridFromArray(value, field, -core::kNumColours, core::kNumColours);
    return gridFromAny(value, field);
}

}  // namespace gridworld_bindings

void bindGridworld(py::module_& m) {
    using namespace gridworld_bindings;
    m.def("_task_intersection", [](const py::handle& target, const py::handle& full, const py::handle& built, bool invariant) {
              const core::Grid t = diffGrid(target, "target_grid");
              const core::Grid b = diffGrid(built, "grid");
              if (!invariant) {
                  const core::MaximalIntersection mi(t);
                  const int v = mi.intersectionAt(b, {});
                  return py::make_tuple(v, py::make_tuple(0, 0, 0));
              }
              core::MaximalIntersection mi = full.is_none() ? core::MaximalIntersection(t)
                                                            : core::MaximalIntersection(t, diffGrid(full, "full_grid"));
              mi.reset(b);
              const core::Alignment a = mi.argmax();
              return py::make_tuple(mi.value(), py::make_tuple(a.dx, a.dz, a.rot));
          },
          py::arg("target"), py::arg("full"), py::arg("built"), py::arg("invariant") = true,
          "(maximal intersection, argmax (dx, dz, rot)) of a task's target (cells -6..6) with admissible shifts from "
          "`full` (None: the target), as the reference's Task.maximal_intersection / argmax_intersection.");
    m.def("_task_intersection_at", [](const py::handle& target, const py::handle& built, int dx, int dz, int rot) {
              if (rot < 0 || rot > 3) throw std::invalid_argument("rot: must be 0..3");
              const core::MaximalIntersection mi(diffGrid(target, "target_grid"));
              return mi.intersectionAt(diffGrid(built, "grid"), {dx, dz, rot});
          },
          py::arg("target"), py::arg("built"), py::arg("dx"), py::arg("dz"), py::arg("rot"),
          "The intersection at one alignment (cells -6..6), as the reference's Task.get_intersection.");
    m.def("_rotated", [](const py::handle& grid, int rot) { return gridToArray(core::rotated(diffGrid(grid, "grid"), rot)); },
          py::arg("grid"), py::arg("rot"), "The grid rotated rot times by the reference's rule (its target_grids).");
    py::register_exception<datasets::DatasetError>(m, "DatasetError", PyExc_ValueError);
    m.def("_import_dataset", [](const std::string& kind, const std::string& path, const std::string& db) {
              datasets::ImportReport report;
              {
                  py::gil_scoped_release nogil;
                  catalog::Catalog catalog(db, catalog::OpenMode::Create);
                  datasets::ImportOptions options;
                  options.withRollouts = false;
                  if (kind == "singleturn") report = datasets::importSingleTurn(path, catalog, options);
                  else if (kind == "sessions") report = datasets::importSessions(path, catalog, options);
                  else if (kind == "structures") report = datasets::importStructures(path, catalog, options);
                  else throw std::invalid_argument("kind: must be singleturn, sessions or structures, got '" + kind + "'");
              }
              py::dict d;
              d["kind"] = report.kind;
              d["imported"] = report.imported;
              d["skipped"] = report.skipped;
              d["warnings"] = report.warnings();
              d["summary"] = report.summary();
              py::list issues;
              for (const auto& issue : report.issues) issues.append(issue.message);
              d["issues"] = issues;
              return d;
          },
          py::arg("kind"), py::arg("path"), py::arg("db"),
          "Imports an IGLU dataset folder (singleturn, sessions or structures) into the catalog file `db` "
          "(created if absent; no rollouts); returns the import report. DatasetError when the folder is unusable.");
}

}  // namespace iglu::python
