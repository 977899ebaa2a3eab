// The `iglu._iglu` extension module: the Qt-free core (environment, batched environments,
// intersection, metrics, skills, POV) and the SQLite catalog. The Python package `iglu`
// (python/iglu) wraps it; see python/README.md.
#include "bindings.hpp"

#include "core/env/action.hpp"
#include "core/env/env_options.hpp"

PYBIND11_MODULE(_iglu, m) {
    m.doc() = "IGLU Workbench core bindings (use the `iglu` package).";
    m.attr("__version__") = IGLU_VERSION;
    namespace py = pybind11;
    py::register_exception<iglu::core::InvalidAction>(m, "InvalidAction", PyExc_ValueError);
    py::register_exception<iglu::core::EnvOptionError>(m, "EnvOptionError", PyExc_ValueError);
    iglu::python::bindCore(m);
    iglu::python::bindEnv(m);
    iglu::python::bindVectorEnv(m);
    iglu::python::bindCatalog(m);
    iglu::python::bindGridworld(m);
    iglu::python::bindText(m);
    iglu::python::bindNlp(m);
}
