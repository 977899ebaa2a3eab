// iglu.text for Python: the grounding rules of core/text (core/include/core/text/grounding.hpp),
// the same ones Lua's iglu.text runs. The pure-Python face is python/iglu/text.py.
#include "bindings.hpp"

#include <string>

#include "convert.hpp"
#include "core/text/grounding.hpp"

namespace iglu::python {

namespace text_bindings {

py::list blockTuples(const std::vector<core::Block>& blocks) {
    py::list out;
    for (const auto& b : blocks) out.append(py::make_tuple(b.x, b.y, b.z, b.colour));
    return out;
}

py::list strings(const std::vector<std::string>& lines) {
    py::list out;
    for (const auto& s : lines) out.append(py::str(s));
    return out;
}

std::string instructionText(const py::handle& value) {
    if (py::isinstance<py::bytes>(value)) return value.cast<std::string>();
    if (!py::isinstance<py::str>(value)) throw py::type_error("instruction: expected str or bytes");
    // Lone surrogates cannot be encoded: replace them rather than fail (they are separators anyway).
    PyObject* b = PyUnicode_AsEncodedString(value.ptr(), "utf-8", "replace");
    if (b == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::bytes>(b).cast<std::string>();
}

py::dict groundingDict(const core::text::Grounding& g) {
    py::dict d;
    d["predicted"] = gridToBlocks(g.predicted);
    d["placed"] = blockTuples(g.placed);
    d["removed"] = blockTuples(g.removed);
    d["confidence"] = g.confidence;
    d["notes"] = strings(g.notes);
    py::list clauses;
    for (const auto& c : g.clauses) {
        py::dict cd;
        cd["text"] = c.text;
        cd["verb"] = c.verb == core::text::Verb::Place ? "place" : "remove";
        cd["trace"] = strings(c.trace);
        py::list cands;
        for (const auto& k : c.candidates) {
            py::dict kd;
            kd["blocks"] = blockTuples(k.blocks);
            kd["confidence"] = k.confidence;
            kd["reading"] = k.reading;
            cands.append(kd);
        }
        cd["candidates"] = cands;
        clauses.append(cd);
    }
    d["clauses"] = clauses;
    return d;
}

}  // namespace text_bindings

void bindText(py::module_& m) {
    using namespace text_bindings;
    m.def(
        "text_ground",
        [](const py::handle& instruction, const py::handle& start) {
            const std::string text = instructionText(instruction);
            const core::Grid grid = gridFromAny(start, "start");
            core::text::Grounding g;
            {
                py::gil_scoped_release release;
                g = core::text::ground(text, grid);
            }
            return groundingDict(g);
        },
        py::arg("instruction"), py::arg("start"),
        "Grounds an instruction on a start grid (block list or dense grid): {predicted, placed, removed, confidence, "
        "notes, clauses: [{text, verb, trace, candidates: [{blocks, confidence, reading}]}]}.");
    m.def(
        "text_colour", [](const std::string& w) { return core::text::colourWord(w); }, py::arg("word"),
        "Colour id 1..6 of a lower-case colour word or synonym, 0 when none.");
    m.def(
        "text_number", [](const std::string& w) { return core::text::numberWord(w); }, py::arg("word"),
        "Value of a number word or digits (1001 for anything above 1000), -1 when none.");
    m.def(
        "text_compass",
        [](const std::string& w) -> py::object {
            int dx = 0, dz = 0;
            if (!core::text::compassWord(w, dx, dz)) return py::none();
            return py::make_tuple(dx, dz);
        },
        py::arg("word"), "(dx, dz) of a compass word (north = (0, -1)), None when none.");
    m.attr("TEXT_MAX_INSTRUCTION_BYTES") = core::text::kMaxInstructionBytes;
}

}  // namespace iglu::python
