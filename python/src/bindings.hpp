#pragma once
// One bind function per area of the module (module.cpp calls them in order).
#include <pybind11/pybind11.h>

namespace iglu::python {

namespace py = pybind11;

void bindCore(py::module_& m);       // grids, tasks, intersection, metrics, skills, POV
void bindEnv(py::module_& m);        // CoreEnv
void bindVectorEnv(py::module_& m);  // CoreVectorEnv
void bindCatalog(py::module_& m);    // Catalog, recording
void bindGridworld(py::module_& m);
void bindNlp(py::module_& m);         // clarification experiments of Python models (catalog::runClarification)
void bindText(py::module_& m);        // iglu.text grounding rules (core/text)  // what iglu.gridworld needs beyond the above: dataset import, diff-grid tasks

}  // namespace iglu::python
