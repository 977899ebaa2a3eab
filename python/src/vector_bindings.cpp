// iglu._iglu.CoreVectorEnv: core::VectorEnv with its batched buffers as read-only numpy views.
// The steps run in C++ threads with the GIL released. Several Python threads: one call at a time
// (the others wait for the object's guard, object_guard.hpp); after fork() the child's first call
// starts a new thread pool (core::VectorEnv), unless the fork caught a call in flight in another
// thread: then every call in the child is a RuntimeError (the state there is half-stepped).
#include "bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <limits>
#include <memory>
#include <vector>

#include "convert.hpp"
#include "core/catalog/agent_episodes.hpp"
#include "core/vector/vector_env.hpp"
#include "object_guard.hpp"
#include "recording.hpp"

namespace iglu::python {

namespace vector_bindings {

struct PyVectorEnv {
    core::EnvOptions options;
    std::unique_ptr<core::VectorEnv> env;
    std::vector<core::Action> actions;       // reused per step (no allocation after the first)
    std::vector<std::int64_t> discrete;
    // Whether the thread held the GIL while the last reset/step did its work, asked of Python
    // itself from inside that work (test_vector_env): false when the GIL really was released.
    bool heldGilWhileWorking = true;
    ObjectGuard guard;  // held by every call that reads or writes the environments or the buffers above
};

constexpr const char* kWhat = "iglu.VectorEnv";

Lease lease(PyVectorEnv& v) { return Lease(v.guard, kWhat, ObjectGuard::Stale::Refuse); }

// Runs `work` without the GIL, noting whether the GIL really was free while it ran.
template <typename F>
void withoutGil(PyVectorEnv& v, F&& work) {
    py::gil_scoped_release nogil;
    v.heldGilWhileWorking = PyGILState_Check() != 0;
    work();
}

template <typename T>
py::array_t<T> view(const py::object& self, T* data, std::vector<py::ssize_t> shape) {
    py::array_t<T> a(shape, {}, data, self);
    a.attr("setflags")(py::arg("write") = false);
    return a;
}

// The dict-of-arrays action for N environments: each key of core::actionFields an array whose
// first dimension is N (and second the field's width), each row checked by core::parseAction.
void actionsFromDict(PyVectorEnv& v, const py::dict& d) {
    using Column = py::array_t<double, py::array::c_style | py::array::forcecast>;
    const int n = v.env->size();
    v.actions.resize(static_cast<std::size_t>(n));
    const core::ActionForm form = core::actionForm(v.options.config.actionSpace, false);
    const auto fields = core::actionFields(form);
    for (const auto& item : d) {
        const std::string k = py::str(item.first);
        if (!core::findActionField(form, k))
            throw core::InvalidAction(k, std::string("is not a key of the ") + core::toString(form) + " action");
    }
    std::uint32_t present = 0;
    for (std::size_t j = 0; j < fields.size(); ++j)
        if (PyDict_GetItemString(d.ptr(), fields[j].name)) present |= 1u << j;
    core::checkActionPresence(form, present);
    std::array<Column, core::kMaxActionSlots> cols;
    std::array<const double*, core::kMaxActionSlots> data{};
    for (std::size_t j = 0; j < fields.size(); ++j) {
        const core::ActionField& f = fields[j];
        Column a;
        try {
            a = Column::ensure(PyDict_GetItemString(d.ptr(), f.name));
        } catch (const py::error_already_set&) {
        }
        if (!a) throw core::InvalidAction(f.name, "must be an array of numbers");
        const py::ssize_t width = f.width;
        const bool ok = width == 1 ? (a.ndim() == 1 && a.shape(0) == n) || (a.ndim() == 2 && a.shape(0) == n && a.shape(1) == 1)
                                   : a.ndim() == 2 && a.shape(0) == n && a.shape(1) == width;
        if (!ok)
            throw core::InvalidAction(f.name, "must have shape (" + std::to_string(n) + (width == 1 ? ",)" : ", " + std::to_string(width) + ")"));
        data[j] = a.data();
        cols[j] = std::move(a);
    }
    core::ActionValues values;
    values.present = present;
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        for (std::size_t j = 0; j < fields.size(); ++j)
            for (int c = 0; c < fields[j].width; ++c)
                values.numbers[static_cast<std::size_t>(fields[j].slot + c)] = data[j][i * static_cast<std::size_t>(fields[j].width) + static_cast<std::size_t>(c)];
        try {
            v.actions[i] = core::parseAction(form, values);
        } catch (const core::InvalidAction& e) {
            const std::string what = e.what();
            throw core::InvalidAction("actions[" + std::to_string(i) + "]." + e.field(), what.substr(std::min(what.size(), e.field().size() + 2)));
        }
    }
}

}  // namespace vector_bindings

void bindVectorEnv(py::module_& m) {
    using namespace vector_bindings;
    py::class_<PyVectorEnv>(m, "CoreVectorEnv", py::dynamic_attr(), "N environments stepped together in C++ (use iglu.VectorEnv).")
        .def(py::init([](const py::list& tasks, const py::object& numEnvsArg, const py::object& numThreadsArg,
                         const py::object& seedArg, const py::kwargs& kwargs) {
                 const int numEnvs = static_cast<int>(integerArgument(numEnvsArg, "num_envs", 1, core::VectorEnv::kMaxEnvs));
                 const int numThreads = numThreadsArg.is_none()
                                            ? 0
                                            : static_cast<int>(integerArgument(numThreadsArg, "num_threads", 1, core::VectorEnv::kMaxThreads));
                 const std::uint64_t seed = seedArgument(seedArg, "seed");
                 auto v = std::make_unique<PyVectorEnv>();
                 v->options = envOptionsFromKwargs(kwargs);
                 std::vector<core::Task> list;
                 std::size_t i = 0;
                 for (const py::handle t : tasks) {
                     try {
                         list.push_back(taskFromPython(t));
                     } catch (const std::invalid_argument& e) {
                         throw std::invalid_argument("tasks[" + std::to_string(i) + "]: " + e.what());
                     }
                     ++i;
                 }
                 try {
                     v->env = std::make_unique<core::VectorEnv>(std::move(list), numEnvs, v->options.config, numThreads, seed);
                 } catch (const std::bad_alloc&) {
                     const std::uint64_t need = core::VectorEnv::bytesNeeded(numEnvs, v->options.config);
                     PyErr_SetString(PyExc_MemoryError, ("num_envs: " + std::to_string(numEnvs) + " environments need about " +
                                                         std::to_string(need >> 20) + " MiB, more than this process could allocate").c_str());
                     throw py::error_already_set();
                 }
                 return v;
             }),
             py::arg("tasks"), py::arg("num_envs"), py::arg("num_threads") = py::none(), py::arg("seed") = 0)
        .def("_reset", [](PyVectorEnv& v, const py::object& seedArg) {
            std::optional<std::uint64_t> seed;
            if (!seedArg.is_none()) seed = seedArgument(seedArg, "seed");
            const Lease held = lease(v);
            withoutGil(v, [&] { v.env->reset(seed); });
        }, py::arg("seed") = py::none())
        .def_property_readonly("_held_gil_while_working", [](const PyVectorEnv& v) { return v.heldGilWhileWorking; })
        .def("_step", [](PyVectorEnv& v, const py::object& actions) {
            const Lease held = lease(v);  // the conversions below write v's reused buffers
            const int n = v.env->size();
            if (py::isinstance<py::dict>(actions)) {
                if (v.options.discretize) throw core::InvalidAction("actions", "must be an int array of shape (" + std::to_string(n) + ",) (discretize=True), got a dict");
                actionsFromDict(v, actions.cast<py::dict>());
                withoutGil(v, [&] { v.env->step(std::span<const core::Action>(v.actions)); });
                return;
            }
            if (!v.options.discretize)
                throw core::InvalidAction("actions", "must be a dict of arrays (pass discretize=True for int actions)");
            py::array a;
            try {
                a = py::array::ensure(actions);
            } catch (const py::error_already_set&) {
            }
            if (!a || a.ndim() != 1 || a.shape(0) != n || (a.dtype().kind() != 'i' && a.dtype().kind() != 'u'))
                throw core::InvalidAction("actions", "must be an integer array of shape (" + std::to_string(n) + ",)");
            const auto ints = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
            v.discrete.assign(ints.data(), ints.data() + n);
            withoutGil(v, [&] { v.env->step(std::span<const std::int64_t>(v.discrete)); });
        }, py::arg("actions"))
        .def("_buffers", [](py::object self) {
            PyVectorEnv& v = self.cast<PyVectorEnv&>();
            core::VectorEnv& e = *v.env;
            const py::ssize_t n = e.size();
            py::dict obs, out, info;
            obs["inventory"] = view(self, e.inventory(), {n, core::kNumColours});
            obs["compass"] = view(self, e.compass(), {n, 1});
            obs["agentPos"] = view(self, e.agentPos(), {n, 5});
            obs["grid"] = view(self, e.grid(), {n, core::kSizeY, core::kSizeX, core::kSizeZ});
            if (e.config().targetInObs) obs["target_grid"] = view(self, e.targetGrid(), {n, core::kSizeY, core::kSizeX, core::kSizeZ});
            if (e.config().povInObs) obs["pov"] = view(self, e.pov(), {n, e.config().pov.height, e.config().pov.width, 3});
            info["max_intersection"] = view(self, e.maxIntersection(), {n});
            info["precision"] = view(self, e.precision(), {n});
            info["recall"] = view(self, e.recall(), {n});
            info["f1"] = view(self, e.f1(), {n});
            info["task_index"] = view(self, e.taskIndex(), {n});
            info["elapsed_steps"] = view(self, e.elapsedSteps(), {n});
            out["obs"] = obs;
            out["info"] = info;
            out["rewards"] = view(self, e.rewards(), {n});
            out["terminated"] = view(self, reinterpret_cast<bool*>(e.terminated()), {n});
            out["truncated"] = view(self, reinterpret_cast<bool*>(e.truncated()), {n});
            return out;
        })
        .def("_dialogs", [](PyVectorEnv& v) {
            const Lease held = lease(v);
            py::list out;
            for (int i = 0; i < v.env->size(); ++i) out.append(py::str(std::string(v.env->dialog(i))));
            return out;
        }, "Every environment's dialog (read under the guard: a reset in another thread changes them).")
        // Recording (iglu.VectorEnv(record=True)): core::VectorEnv records each environment's
        // episodes; they are taken here, each checked to replay in a fresh environment like
        // iglu.Env's, as iglu.Episode with seed = the vector's seed and repetition =
        // ordinal * num_envs + index (unique per seed, independent of the thread count).
        .def("_set_recording", [](PyVectorEnv& v, bool on) {
            if (on && !v.options.config.resetClearsAgentState)
                throw std::invalid_argument("record: needs reset_clears_agent_state=True (each environment records several episodes, and "
                                            "the reference's reset() keeps agent state a rollout does not hold)");
            const Lease held = lease(v);
            v.env->setRecording(on);
        }, py::arg("on"))
        .def("publish_belief", [](PyVectorEnv& v, int index, const py::handle& blocks) {
            const core::Grid belief = gridFromAny(blocks, "belief");  // checked whole before anything changes
            const Lease held = lease(v);
            if (index < 0 || index >= v.env->size())
                throw py::index_error("publish_belief: index " + std::to_string(index) + " is not in 0.." + std::to_string(v.env->size() - 1));
            v.env->publishBelief(index, belief);
        }, py::arg("index"), py::arg("blocks"),
           "Publishes environment `index`'s agent belief: the blocks it predicts the target to be, from its current\n"
           "step on (the forms iglu.Env.publish_belief takes). Kept with the episode when recording (record=True).")
        .def_property_readonly("_recording", [](PyVectorEnv& v) { return v.env->recording(); })
        .def_property_readonly("_dropped_episodes", [](PyVectorEnv& v) { return v.env->droppedEpisodes(); })
        .def("_take_episodes", [](PyVectorEnv& v) {
            const Lease held = lease(v);
            std::vector<core::VectorEpisode> taken;
            std::vector<catalog::AgentEpisode> episodes;
            withoutGil(v, [&] {
                taken = v.env->takeEpisodes();
                episodes.reserve(taken.size());
                const int n = v.env->size();
                for (core::VectorEpisode& t : taken) {
                    const std::int64_t ordinal = static_cast<std::int64_t>(t.ordinal) * n + t.env;
                    if (ordinal > std::numeric_limits<int>::max())
                        throw std::overflow_error("episode repetition: more than 2**31 episodes since the last reset(seed=...)");
                    const auto seed = static_cast<std::int64_t>(t.seed);
                    requireReplays(t.rollout, v.env->task(t.taskIndex), v.options, seed, static_cast<int>(ordinal), true);
                    catalog::AgentEpisode e;
                    e.taskId = t.rollout.taskId;
                    e.seed = seed;
                    e.repetition = static_cast<int>(ordinal);
                    e.steps = static_cast<int>(t.rollout.frames.size());
                    e.totalReturn = t.rollout.totalReward();
                    e.scores = t.scores;
                    e.iglu2022 = t.iglu2022;
                    e.rollout = std::move(t.rollout);
                    episodes.push_back(std::move(e));
                }
            });
            py::list out;
            for (std::size_t i = 0; i < taken.size(); ++i)
                out.append(py::make_tuple(taken[i].env, taken[i].taskIndex, py::cast(std::move(episodes[i]))));
            return out;
        }, "The finished episodes since the last call: [(env index, task index, iglu.Episode)].")
        .def_property_readonly("num_envs", [](PyVectorEnv& v) { return v.env->size(); })
        .def_property_readonly("num_threads", [](PyVectorEnv& v) { return v.env->threads(); })
        .def_property_readonly("options", [](const PyVectorEnv& v) { return py::module_::import("json").attr("loads")(core::envOptionsJson(v.options)); });
}

}  // namespace iglu::python
