#include "convert.hpp"

#include <cmath>
#include <stdexcept>

namespace iglu::python {

namespace convert {

[[noreturn]] void fail(const std::string& field, const std::string& message) {
    throw std::invalid_argument(field + ": " + message);
}

std::string typeName(const py::handle& h) { return py::str(py::type::handle_of(h).attr("__name__")); }

long long toInteger(const py::handle& h, const std::string& field) {
    if (py::isinstance<py::bool_>(h)) return h.cast<bool>() ? 1 : 0;
    if (py::isinstance<py::int_>(h) || py::hasattr(h, "__index__")) {
        try {
            return py::cast<long long>(h);
        } catch (const py::cast_error&) {
        }
    }
    if (py::isinstance<py::float_>(h) || py::hasattr(h, "__float__")) {
        const double v = py::cast<double>(h);
        if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9e15) return static_cast<long long>(v);
        fail(field, "must be an integer, got " + std::string(py::str(h)));
    }
    fail(field, "must be an integer, got " + typeName(h));
}

}  // namespace convert

core::Grid gridFromArray(const py::handle& array, const char* field, int lo, int hi) {
    using namespace convert;
    py::array a;
    try {
        a = py::array::ensure(array);
    } catch (const py::error_already_set&) {
    }
    if (!a) fail(field, "must be an array of shape (9, 11, 11), got " + typeName(array));
    if (a.ndim() != 3 || a.shape(0) != core::kSizeY || a.shape(1) != core::kSizeX || a.shape(2) != core::kSizeZ) {
        std::string shape = "(";
        for (py::ssize_t i = 0; i < a.ndim(); ++i) shape += (i ? ", " : "") + std::to_string(a.shape(i));
        fail(field, "must have shape (9, 11, 11) [y+1, x+5, z+5], got " + shape + (a.ndim() == 1 ? ",)" : ")"));
    }
    const auto kind = a.dtype().kind();
    if (kind != 'i' && kind != 'u' && kind != 'b' && kind != 'f')
        fail(field, "must hold integers, got dtype " + std::string(py::str(a.dtype())));
    const py::array_t<double, py::array::c_style | py::array::forcecast> d(a);
    const double* v = d.data();
    core::Grid g;
    for (int i = 0; i < core::kCells; ++i) {
        const double x = v[i];
        if (!(x == std::floor(x)) || x < lo || x > hi) {
            const core::Block p = core::Grid::position(i);
            fail(field, "cell [" + std::to_string(p.y + 1) + ", " + std::to_string(p.x + 5) + ", " + std::to_string(p.z + 5) +
                            "] holds " + std::string(py::str(py::float_(x))) + ", expected an integer " +
                            std::to_string(lo) + ".." + std::to_string(hi));
        }
        g.setCell(i, static_cast<std::int8_t>(x));
    }
    return g;
}

core::Grid gridFromBlocks(const py::handle& blocks, const char* field) {
    using namespace convert;
    if (py::isinstance<py::str>(blocks) || !py::hasattr(blocks, "__iter__"))
        fail(field, "must be a list of (x, y, z, colour), got " + typeName(blocks));
    std::vector<core::Block> list;
    std::size_t i = 0;
    for (const py::handle item : blocks) {
        const std::string where = std::string(field) + "[" + std::to_string(i) + "]";
        if (py::isinstance<py::str>(item) || !py::hasattr(item, "__len__"))
            fail(where, "must be (x, y, z, colour), got " + typeName(item));
        const py::list t(py::reinterpret_borrow<py::object>(item));
        if (t.size() != 4) fail(where, "must have 4 values (x, y, z, colour), got " + std::to_string(t.size()));
        core::Block b;
        b.x = static_cast<int>(std::clamp(toInteger(t[0], where + ".x"), -1000000LL, 1000000LL));
        b.y = static_cast<int>(std::clamp(toInteger(t[1], where + ".y"), -1000000LL, 1000000LL));
        b.z = static_cast<int>(std::clamp(toInteger(t[2], where + ".z"), -1000000LL, 1000000LL));
        b.colour = static_cast<int>(std::clamp(toInteger(t[3], where + ".colour"), -1000000LL, 1000000LL));
        list.push_back(b);
        ++i;
    }
    try {
        return core::Grid::fromBlocks(list);
    } catch (const core::GridError& e) {
        fail(field, e.what());
    }
}

core::Grid gridFromAny(const py::handle& value, const char* field) {
    using namespace convert;
    if (py::isinstance<py::array>(value)) return gridFromArray(value, field);
    // A nested (9, 11, 11) sequence or a list of blocks: the first element tells.
    if (py::hasattr(value, "__len__") && py::len(value) == core::kSizeY && !py::isinstance<py::str>(value)) {
        const py::object first = py::reinterpret_borrow<py::object>(value)[py::int_(0)];
        if (py::hasattr(first, "__len__") && py::len(first) == core::kSizeX) return gridFromArray(value, field);
    }
    return gridFromBlocks(value, field);
}

py::array_t<std::int32_t> gridToArray(const core::Grid& grid) {
    using namespace convert;
    py::array_t<std::int32_t> a({core::kSizeY, core::kSizeX, core::kSizeZ});
    std::int32_t* out = a.mutable_data();
    for (int i = 0; i < core::kCells; ++i) out[i] = grid.cell(i);
    return a;
}

py::list gridToBlocks(const core::Grid& grid) {
    using namespace convert;
    py::list out;
    for (const core::Block& b : grid.blocks()) out.append(py::make_tuple(b.x, b.y, b.z, b.colour));
    return out;
}

bool numberFromPython(const py::handle& h, double& out) {
    using namespace convert;
    PyObject* o = h.ptr();
    if (PyBool_Check(o)) {
        out = o == Py_True ? 1 : 0;
        return true;
    }
    if (PyFloat_Check(o)) {
        out = PyFloat_AS_DOUBLE(o);
        return true;
    }
    if (PyUnicode_Check(o) || PyBytes_Check(o)) return false;
    PyObject* index = PyLong_Check(o) ? (Py_INCREF(o), o) : PyIndex_Check(o) ? PyNumber_Index(o) : nullptr;
    if (index) {  // ints (and numpy integers): exact below 2**63, huge ones read +-inf beyond a double
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
        if (!overflow) out = static_cast<double>(v);
        else {
            out = PyLong_AsDouble(index);
            if (PyErr_Occurred()) {
                PyErr_Clear();
                out = overflow * HUGE_VAL;
            }
        }
        Py_DECREF(index);
        return true;
    }
    PyErr_Clear();  // a failed __index__ (a numpy array of one element): try __float__
    if (Py_TYPE(o)->tp_as_number && Py_TYPE(o)->tp_as_number->nb_float) {
        out = PyFloat_AsDouble(o);
        if (!PyErr_Occurred()) return true;
        PyErr_Clear();
    }
    return false;
}

namespace convert {

[[noreturn]] void notANumber(const core::ActionField& f, int component, const py::handle& h) {
    const std::string what = f.kind == core::FieldKind::Real
                                 ? std::string("must be a number")
                                 : "must be an integer " + std::to_string(static_cast<int>(f.low)) + ".." + std::to_string(static_cast<int>(f.high));
    throw core::InvalidAction(core::actionFieldName(f, component), what + ", got " + typeName(h));
}

// Field f's numbers from a dict value into the slots (a scalar, or a sequence of f.width).
void readField(const core::ActionField& f, const py::handle& h, core::ActionValues& values) {
    double* out = values.numbers.data() + f.slot;
    if (f.width == 1) {
        if (!numberFromPython(h, *out)) notANumber(f, 0, h);
        return;
    }
    if (py::isinstance<py::str>(h) || !py::hasattr(h, "__len__") || !py::hasattr(h, "__getitem__"))
        throw core::InvalidAction(f.name, "must be a sequence of " + std::to_string(f.width) + " numbers, got " + typeName(h));
    const py::list seq(py::reinterpret_borrow<py::object>(h));
    if (py::len(seq) != static_cast<std::size_t>(f.width))
        throw core::InvalidAction(f.name, "must have " + std::to_string(f.width) + " numbers, got " + std::to_string(py::len(seq)));
    for (int i = 0; i < f.width; ++i)
        if (!numberFromPython(seq[static_cast<std::size_t>(i)], out[i])) notANumber(f, i, seq[static_cast<std::size_t>(i)]);
}

}  // namespace convert

int discreteActionFromPython(const py::handle& action) {
    using namespace convert;
    core::ActionValues v;
    if (py::isinstance<py::dict>(action) || !numberFromPython(action, v.numbers[0]))
        throw core::InvalidAction("action", "must be an int 0..17 (discretize=True), got " +
                                                (py::isinstance<py::dict>(action) ? std::string("a dict") : typeName(action)));
    v.present = 1;
    core::parseAction(core::ActionForm::Discrete, v);  // the range and integrality check
    return static_cast<int>(v.numbers[0]);
}

core::Action actionFromPython(const py::handle& action, const core::EnvOptions& options) {
    using namespace convert;
    const core::ActionForm form = core::actionForm(options.config.actionSpace, options.discretize);
    if (form == core::ActionForm::Discrete) return core::Action::discrete(discreteActionFromPython(action));
    if (!py::isinstance<py::dict>(action))
        throw core::InvalidAction("action", std::string("must be a dict (the ") + core::toString(options.config.actionSpace) +
                                                " action space; pass discretize=True for int actions), got " + typeName(action));
    const py::dict d = py::reinterpret_borrow<py::dict>(action);
    for (const auto& item : d) {
        const std::string k = py::str(item.first);
        if (!core::findActionField(form, k))
            throw core::InvalidAction(k, std::string("is not a key of the ") + core::toString(form) + " action");
    }
    core::ActionValues values;
    const auto fields = core::actionFields(form);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        PyObject* item = PyDict_GetItemString(d.ptr(), fields[i].name);  // borrowed
        if (!item) continue;
        values.present |= 1u << i;
        readField(fields[i], item, values);
    }
    return core::parseAction(form, values);
}

namespace convert {

// The exact integer value of an int-like argument (TypeError naming it otherwise).
py::int_ exactInteger(const py::handle& value, const char* name, const std::string& range) {
    if (py::isinstance<py::bool_>(value) || py::isinstance<py::float_>(value) || !py::hasattr(value, "__index__"))
        throw py::type_error(std::string(name) + ": must be an integer " + range + ", got " + typeName(value) + " " +
                             std::string(py::repr(value)));
    return py::reinterpret_steal<py::int_>(py::handle(PyNumber_Index(value.ptr())));
}

std::string rangeText(long long lo, long long hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

}  // namespace convert

long long integerArgument(const py::handle& value, const char* name, long long lo, long long hi) {
    using namespace convert;
    const py::int_ i = exactInteger(value, name, rangeText(lo, hi));
    if (!i) throw py::error_already_set();
    const py::int_ pyLo(lo), pyHi(hi);
    if (i < pyLo || i > pyHi)
        throw py::value_error(std::string(name) + ": must be an integer " + rangeText(lo, hi) + ", got " + std::string(py::str(py::handle(i))));
    return i.cast<long long>();
}

std::uint64_t seedArgument(const py::handle& value, const char* name) {
    using namespace convert;
    const std::string range = "0..18446744073709551615 (2**64 - 1)";
    const py::int_ i = exactInteger(value, name, range);
    if (!i) throw py::error_already_set();
    if (i < py::int_(0) || i > py::int_(py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(~0ULL))))
        throw py::value_error(std::string(name) + ": must be an integer " + range + ", got " + std::string(py::str(py::handle(i))));
    return i.cast<std::uint64_t>();
}

core::EnvOptions envOptionsFromKwargs(const py::dict& kwargs) {
    using namespace convert;
    core::EnvOptions options;
    for (const auto& item : kwargs) {
        const std::string name = py::str(item.first);
        const py::handle v = item.second;
        core::EnvOptionValue value;
        if (py::isinstance<py::bool_>(v)) value = v.cast<bool>();
        else if (py::isinstance<py::int_>(v)) {
            long long i = 0;
            try {
                i = v.cast<long long>();
            } catch (const py::cast_error&) {
                throw core::EnvOptionError(name, name + ": " + std::string(py::str(v)) + " is out of range (more than 64 bits)");
            }
            value = i;
        }
        else if (py::isinstance<py::float_>(v)) value = v.cast<double>();
        else if (py::isinstance<py::str>(v)) value = v.cast<std::string>();
        else if (v.is_none()) continue;  // the reference's name=None / render_size=None: the default
        else if (py::isinstance<py::array>(v) && py::array(py::reinterpret_borrow<py::object>(v)).ndim() == 0)
            value = py::cast<double>(v);
        else if (py::hasattr(v, "__len__") && py::hasattr(v, "__iter__")) {
            std::vector<long long> list;
            std::size_t i = 0;
            for (const py::handle x : v) list.push_back(toInteger(x, name + "[" + std::to_string(i++) + "]"));
            value = std::move(list);
        } else {
            throw core::EnvOptionError(name, name + ": unsupported value of type " + typeName(v));
        }
        core::setEnvOption(options, name, value);
    }
    core::checkEnvOptions(options);
    return options;
}

core::Task taskFromPython(const py::handle& task) {
    using namespace convert;
    if (!py::hasattr(task, "target_grid"))
        throw std::invalid_argument("task: expected an iglu.gridworld Task (with target_grid), got " + typeName(task));
    core::Task t;
    t.target = gridFromAny(task.attr("target_grid"), "task.target_grid");
    if (py::hasattr(task, "starting_grid") && !task.attr("starting_grid").is_none())
        t.starting = gridFromAny(task.attr("starting_grid"), "task.starting_grid");
    // obs['dialog'] is the task's whole chat (Environment shows Task::instruction).
    if (py::hasattr(task, "chat") && !task.attr("chat").is_none()) t.instruction = py::str(task.attr("chat"));
    for (const char* key : {"task_id", "id"})
        if (py::hasattr(task, key) && !task.attr(key).is_none()) {
            t.id = py::str(task.attr(key));
            break;
        }
    return t;
}

}  // namespace iglu::python
