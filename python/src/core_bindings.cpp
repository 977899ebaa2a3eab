// Grids, tasks, maximal intersection, metrics, the skill labeler and the POV renderer.
#include "bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "convert.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "core/metrics/metrics.hpp"
#include "core/pov/pov_look.hpp"
#include "core/pov/pov_renderer.hpp"
#include "core/skills/auto_labeler.hpp"
#include "core/task/task_list.hpp"

namespace iglu::python {

namespace core_bindings {

py::tuple alignmentTuple(const core::Alignment& a) { return py::make_tuple(a.dx, a.dz, a.rot); }

py::list blockList(const std::vector<core::Block>& blocks) {
    py::list out;
    for (const auto& b : blocks) out.append(py::make_tuple(b.x, b.y, b.z, b.colour));
    return out;
}

py::dict scoresDict(const core::Scores& s) {
    py::dict d;
    d["intersection"] = s.intersection;
    d["target_size"] = s.targetSize;
    d["built_size"] = s.builtSize;
    d["alignment"] = alignmentTuple(s.alignment);
    d["precision"] = s.precision;
    d["recall"] = s.recall;
    d["f1"] = s.f1;
    d["success"] = core::exactCompletion(s);
    return d;
}

}  // namespace core_bindings

py::dict taskToDict(const core::Task& t) {
    using namespace core_bindings;
    py::dict d;
    d["id"] = t.id;
    d["instruction"] = t.instruction;
    d["dialog"] = t.dialog;
    d["chat"] = t.chat();
    d["starting_blocks"] = gridToBlocks(t.starting);
    d["target_blocks"] = gridToBlocks(t.target);
    py::dict meta;
    for (const auto& [k, v] : t.metadata) meta[py::str(k)] = v;
    d["metadata"] = meta;
    return d;
}

void bindCore(py::module_& m) {
    using namespace core_bindings;
    m.def("action_fields", [](const std::string& form) {
        core::ActionForm f = core::ActionForm::Discrete;
        if (form == "walking") f = core::ActionForm::Walking;
        else if (form == "flying") f = core::ActionForm::Flying;
        else if (form != "discrete") throw std::invalid_argument("form: must be 'discrete', 'walking' or 'flying', got '" + form + "'");
        py::list out;
        for (const core::ActionField& a : core::actionFields(f)) {
            py::dict d;
            d["name"] = a.name;
            d["shape"] = a.width == 1 ? py::tuple() : py::make_tuple(a.width);
            d["kind"] = core::toString(a.kind);
            d["low"] = a.low;
            d["high"] = a.high;
            out.append(d);
        }
        return out;
    }, py::arg("form"),
          "The core's action table (core/env/action.hpp) for 'discrete', 'walking' or 'flying': per field its name, "
          "shape, kind (flag: 0/1, integer: low..high, real: any finite number, low/high the space's box), low, high.");
    m.def("to_dense", [](const py::handle& blocks) { return gridToArray(gridFromBlocks(blocks, "blocks")); }, py::arg("blocks"),
          "A sparse list of (x, y, z, colour) as an int32 (9, 11, 11) grid [y+1, x+5, z+5]. ValueError for a block outside "
          "the zone, a colour outside 1..6 or a repeated position.");
    m.def("to_sparse", [](const py::handle& grid) { return gridToBlocks(gridFromArray(grid, "grid")); }, py::arg("grid"),
          "The blocks of a (9, 11, 11) grid as (x, y, z, colour) tuples sorted by (x, y, z).");

    m.def("maximal_intersection", [](const py::handle& target, const py::handle& built) {
              const core::Grid t = gridFromAny(target, "target");
              const core::Grid b = gridFromAny(built, "built");
              const core::IntersectionOverlay o = core::overlay(t, b);
              py::dict d;
              d["value"] = static_cast<int>(o.matched.size());
              d["alignment"] = alignmentTuple(o.alignment);
              d["matched"] = blockList(o.matched);
              d["missing"] = blockList(o.missing);
              d["extra"] = blockList(o.extra);
              return d;
          },
          py::arg("target"), py::arg("built"),
          "Maximal intersection over the 4 rotations and admissible shifts, as the reference defines it: value, the "
          "argmax alignment (dx, dz, rot), and the matched / missing / extra blocks in built coordinates.");
    m.def("intersection_at", [](const py::handle& target, const py::handle& built, int dx, int dz, int rot) {
              if (rot < 0 || rot > 3) throw std::invalid_argument("rot: must be 0..3");
              const core::Grid b = gridFromAny(built, "built");
              const core::MaximalIntersection mi(gridFromAny(target, "target"));
              return mi.intersectionAt(b, {dx, dz, rot});
          },
          py::arg("target"), py::arg("built"), py::arg("dx"), py::arg("dz"), py::arg("rot"),
          "The intersection at one alignment (the reference's Task.get_intersection).");
    m.def("scores", [](const py::handle& target, const py::handle& built) {
              return scoresDict(core::score(gridFromAny(target, "target"), gridFromAny(built, "built")));
          },
          py::arg("target"), py::arg("built"),
          "Precision = I/|built|, recall = I/|target|, F1 = 2I/(|built|+|target|) at the best alignment, and success "
          "(built equals the target at that alignment).");
    m.def("iglu2022_scores", [](const py::handle& target, const py::handle& start, const py::handle& built) {
              const core::Iglu2022Scores s = core::iglu2022Evaluate(gridFromAny(target, "target"), gridFromAny(start, "start"),
                                                                    gridFromAny(built, "built"));
              py::dict d;
              d["argmax_on_raw_grid"] = alignmentTuple(s.argmaxOnRawGrid);
              d["intersection"] = s.intersection;
              d["precision"] = s.precision;
              d["recall"] = s.recall;
              d["f1"] = s.f1;
              return d;
          },
          py::arg("target"), py::arg("start"), py::arg("built"),
          "The IGLU-2022 starter-kit evaluator's formula (its precision / recall names swapped, 1e-10 guards).");
    m.def("auto_label", [](const py::handle& target, const py::object& start) {
              const core::Grid t = gridFromAny(target, "target");
              std::optional<core::Grid> s;
              if (!start.is_none()) s = gridFromAny(start, "start");
              const core::SkillReport r = core::autoLabel(t, s ? &*s : nullptr);
              py::dict d;
              for (const core::Skill k : core::kAllSkills) d[core::skillName(k)] = py::make_tuple(r[k].value, r[k].reason);
              return d;
          },
          py::arg("target"), py::arg("start") = py::none(),
          "The rule-based skill labeler: {skill: (value, reason)} for flat, flying, tricky, tall, diagonal.");
    m.def("render_pov", [](const py::handle& grid, std::array<double, 5> pose, std::array<int, 2> size, const std::string& style) {
              const auto st = core::parsePovStyle(style);
              if (!st) throw std::invalid_argument("style: must be one of " + std::string(core::kPovStyleNames) + ", got '" + style + "'");
              core::PovConfig cfg;
              cfg.height = size[0];
              cfg.width = size[1];
              cfg.style = *st;
              if (!cfg.sizeValid()) throw std::invalid_argument("size: each side must be 1..4096");
              const core::Grid g = gridFromAny(grid, "grid");
              py::array_t<std::uint8_t> out({cfg.height, cfg.width, 3});
              core::PovRenderer renderer(cfg);
              const core::Pose eye{pose[0], pose[1], pose[2], pose[3], pose[4]};
              {
                  py::gil_scoped_release nogil;
                  renderer.render(g, eye, std::span<std::uint8_t>(out.mutable_data(), renderer.frameBytes()));
              }
              return out;
          },
          py::arg("grid"), py::arg("pose"), py::arg("size") = std::array<int, 2>{64, 64}, py::arg("style") = "reference",
          "The first-person view (uint8 (H, W, 3)) of a grid from pose (x, y, z, yaw, pitch), exactly as obs['pov'].");
    m.def("_read_task_list", [](const std::string& path) {
              py::list out;
              for (const auto& t : core::readTaskList(path)) out.append(taskToDict(t));
              return out;
          },
          py::arg("path"));
}

}  // namespace iglu::python
