#pragma once
// Conversions between Python / numpy values and the core's types, with errors that name the
// field (ValueError / TypeError through pybind11's translation of std::invalid_argument).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/env/action.hpp"
#include "core/env/env_options.hpp"
#include "core/grid/grid.hpp"
#include "core/task/task.hpp"

namespace iglu::python {

namespace py = pybind11;

/// A dense (9, 11, 11) integer array [y+1, x+5, z+5] -> Grid. Values must lie in lo..hi
/// (0..6 for worlds, -6..6 for diffs). Throws std::invalid_argument naming `field`.
core::Grid gridFromArray(const py::handle& array, const char* field, int lo = 0, int hi = core::kNumColours);
/// A sparse list of (x, y, z, colour) -> Grid (Grid::fromBlocks rules). Throws naming `field`.
core::Grid gridFromBlocks(const py::handle& blocks, const char* field);
/// Either form: a numpy array / nested sequence of shape (9, 11, 11), or a list of 4-tuples.
core::Grid gridFromAny(const py::handle& value, const char* field);
/// A new int32 (9, 11, 11) array.
py::array_t<std::int32_t> gridToArray(const core::Grid& grid);
/// A new C-contiguous array of `shape` holding a copy of `data`, made with one numpy call and no
/// C++ allocation (pybind11's array_t(shape, ptr) builds shape vectors, an array over ptr and a
/// second array, its copy): the drop-in's per-step observation arrays.
template <typename T>
py::array_t<T> freshArray(std::initializer_list<py::ssize_t> shape, const T* data) {
    auto& api = py::detail::npy_api::get();
    py::ssize_t dims[4] = {};
    if (shape.size() > 4) throw std::invalid_argument("freshArray: at most 4 dimensions");
    std::copy(shape.begin(), shape.end(), dims);
    PyObject* a = api.PyArray_NewFromDescr_(api.PyArray_Type_, py::dtype::of<T>().release().ptr(),
                                            static_cast<int>(shape.size()), dims, nullptr, nullptr, 0, nullptr);
    if (!a) throw py::error_already_set();
    auto out = py::reinterpret_steal<py::array_t<T>>(a);
    std::memcpy(out.mutable_data(), data, static_cast<std::size_t>(out.size()) * sizeof(T));
    return out;
}
/// A list of (x, y, z, colour) tuples sorted by (x, y, z).
py::list gridToBlocks(const core::Grid& grid);

/// A Python number (bool, int, float, numpy scalar) as a double; false for anything else.
/// Integers beyond a double read +-inf. Never raises.
bool numberFromPython(const py::handle& h, double& out);

/// An action in the form the options say: an int 0..17 when discretized, else the reference's
/// dict for the action space, read field by field from core::actionFields and checked by
/// core::parseAction (the one parser, shared with the vector and Lua converters). Throws InvalidAction naming the key ("camera", "movement[2]").
core::Action actionFromPython(const py::handle& action, const core::EnvOptions& options);

/// A constructor argument that must be an integer lo..hi (a Python int or anything with
/// __index__, never a float or bool): TypeError / ValueError naming `name` and the range.
long long integerArgument(const py::handle& value, const char* name, long long lo, long long hi);
/// A seed: an integer 0..2**64-1, same errors.
std::uint64_t seedArgument(const py::handle& value, const char* name);

/// A discrete action id 0..17 (an int, or a float / numpy value holding one exactly); throws
/// InvalidAction("action") otherwise.
int discreteActionFromPython(const py::handle& action);

/// Environment options from Python keyword arguments (reference names, env_options.hpp).
core::EnvOptions envOptionsFromKwargs(const py::dict& kwargs);

/// A core task from a Python task object: iglu.gridworld Task (target_grid, starting_grid,
/// chat) or anything with those attributes; `id` from its `task_id` / `id` attribute if present.
core::Task taskFromPython(const py::handle& task);

}  // namespace iglu::python
