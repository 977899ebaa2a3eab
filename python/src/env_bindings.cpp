// iglu._iglu.CoreEnv: one core::Environment with its observation in numpy-ready buffers. The
// Python classes iglu.gridworld.GridWorld (drop-in: fresh arrays every step) and iglu.Env
// (Gymnasium-style: read-only views, no copies) are built on it.
#include "bindings.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "convert.hpp"
#include "core/env/environment.hpp"
#include "core/catalog/agent_episodes.hpp"
#include "core/rollout/step_recorder.hpp"
#include "core/vector/observation_buffers.hpp"
#include "recording.hpp"

namespace iglu::python {

namespace env_bindings {

class CoreEnv {
public:
    explicit CoreEnv(core::EnvOptions options)
        : options_(options), env_(options.config), grid_(core::kCells, 0), target_(core::kCells, 0) {}

    const core::EnvOptions& options() const noexcept { return options_; }
    core::Environment& env() noexcept { return env_; }
    bool hasTask() const noexcept { return hasTask_; }

    void setTask(core::Task task) {
        // The intersection tables of the last few tasks (same target and start: ~70 us to build
        // again; RL loops and evaluators cycle a handful of tasks through set_task + reset).
        const auto same = [&](const std::unique_ptr<core::PreparedTask>& p) {
            return p->task().target == task.target && p->task().starting == task.starting;
        };
        auto it = std::find_if(prepared_.begin(), prepared_.end(), same);
        if (it == prepared_.end()) {
            if (prepared_.size() == kPreparedKept) prepared_.erase(prepared_.begin());
            prepared_.push_back(std::make_unique<core::PreparedTask>(task));
            it = prepared_.end() - 1;
        }
        env_.setTask(task, **it);
        hasTask_ = true;
        started_ = false;
    }

    void reset() {
        requireTask();
        env_.reset();
        core::writeObservation(env_, slot());
        started_ = true;
        if (recording_) beginRecording();
        const std::string_view dialog = env_.observation().dialog;
        dialog_ = py::str(dialog.data(), dialog.size());  // the task's text: fixed for the episode
        if (views_) (*views_)["dialog"] = dialog_;
    }

    // One step; returns whether the grid changed. Throws InvalidAction (env unchanged).
    // The action is converted (and validated) completely before anything changes, and nothing
    // after the step calls back into Python: a step is whole or absent, also in the recording.
    core::StepResult step(const py::handle& action) {
        requireStarted();
        const int discreteId = options_.discretize ? discreteActionFromPython(action) : -1;
        const core::Action a = options_.discretize ? core::Action::discrete(discreteId) : actionFromPython(action, options_);
        const core::StepResult r = env_.step(a);
        core::writeStepObservation(env_, slot(), r.gridChanged);
        if (recording_) {
            if (options_.discretize) recorder_.record(env_, r, discreteId);
            else recorder_.record(env_, r, a);
        }
        return r;
    }

    /// The agent's belief (the blocks it predicts the target to be) from the current step on:
    /// checked whole first (std::invalid_argument naming `belief`), kept in the recording.
    void publishBelief(const py::handle& blocks) {
        requireStarted();
        const core::Grid belief = gridFromAny(blocks, "belief");
        if (recording_) recorder_.publishBelief(belief);
    }

    /// Records the steps of every episode from the next reset() on (core::StepRecorder).
    void setRecording(bool on) noexcept { recording_ = on; }
    bool recording() const noexcept { return recording_; }
    /// The episode played since the last reset, with its metrics (the recorder restarts empty).
    catalog::AgentEpisode finishEpisode(std::int64_t seed, int repetition) {
        requireStarted();
        if (!recording_) throw std::logic_error("not recording: construct with record=True or call _set_recording(True) before reset()");
        requireReplays(seed, repetition);
        catalog::AgentEpisode e = catalog::finishedEpisode(env_, recorder_, seed, repetition);
        e.taskId = env_.task().id;
        beginRecording();
        return e;
    }

    bool terminated() const noexcept { return env_.terminated(); }
    bool truncated() const noexcept { return env_.truncated(); }

    // Fresh arrays (the reference returns new arrays every step).
    py::dict observationCopy() const {
        py::dict obs;
        const core::Observation& o = env_.observation();
        obs["inventory"] = freshArray<float>({core::kNumColours}, o.inventory.data());
        obs["compass"] = freshArray<float>({1}, o.compass.data());
        obs["dialog"] = dialog_;
        obs["agentPos"] = freshArray<float>({5}, o.agentPos.data());
        obs["grid"] = freshArray<std::int32_t>({core::kSizeY, core::kSizeX, core::kSizeZ}, grid_.data());
        if (options_.config.targetInObs)
            obs["target_grid"] = freshArray<std::int32_t>({core::kSizeY, core::kSizeX, core::kSizeZ}, target_.data());
        if (options_.config.povInObs)
            obs["pov"] = freshArray<std::uint8_t>({options_.config.pov.height, options_.config.pov.width, 3}, o.pov.data());
        return obs;
    }

    // Read-only views into this environment's buffers, made once; `self` keeps it alive.
    py::dict observationViews(const py::object& self) {
        if (views_) return *views_;
        py::dict obs;
        const core::Observation& o = env_.observation();
        const auto view = [&](auto* data, std::vector<py::ssize_t> shape) {
            using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
            py::array_t<T> a(shape, {}, data, self);
            a.attr("setflags")(py::arg("write") = false);
            return a;
        };
        obs["inventory"] = view(o.inventory.data(), {core::kNumColours});
        obs["compass"] = view(o.compass.data(), {1});
        obs["dialog"] = dialog_;
        obs["agentPos"] = view(o.agentPos.data(), {5});
        obs["grid"] = view(grid_.data(), {core::kSizeY, core::kSizeX, core::kSizeZ});
        if (options_.config.targetInObs) obs["target_grid"] = view(target_.data(), {core::kSizeY, core::kSizeX, core::kSizeZ});
        if (options_.config.povInObs)
            obs["pov"] = view(o.pov.data(), {options_.config.pov.height, options_.config.pov.width, 3});
        views_ = obs;
        return obs;
    }

    py::dict info() const {
        py::dict info;
        info["max_intersection"] = maxInt_;
        info["target_size"] = env_.taskTargetSize();
        info["precision"] = precision_;
        info["recall"] = recall_;
        info["f1"] = f1_;
        info["step"] = env_.stepNo();
        return info;
    }

private:
    // The recorder starts small and grows with the episode (max_steps may be 10**9).
    void beginRecording() {
        recorder_.begin(env_, core::RolloutKind::Agent, {}, std::min<std::size_t>(static_cast<std::size_t>(options_.config.maxSteps), 1024));
        const core::AgentState& a = env_.agent();
        const core::AgentState fresh;
        freshStart_ = a.dy == fresh.dy && a.strafe0 == fresh.strafe0 && a.strafe1 == fresh.strafe1 &&
                      a.timeIntSteps == fresh.timeIntSteps && a.activeBlock == fresh.activeBlock;
    }
    void requireReplays(std::int64_t seed, int repetition) const {
        python::requireReplays(recorder_.rollout(), env_.task(), options_, seed, repetition, freshStart_);
    }
    void requireTask() const {
        if (!hasTask_) throw std::logic_error("no task: call set_task(task) first");
    }
    void requireStarted() const {
        requireTask();
        if (!started_) throw std::logic_error("call reset() before step()");
    }
    core::ObservationSlot slot() noexcept {
        core::ObservationSlot s;
        s.grid = grid_.data();
        if (options_.config.targetInObs) s.targetGrid = target_.data();
        s.maxIntersection = &maxInt_;
        s.precision = &precision_;
        s.recall = &recall_;
        s.f1 = &f1_;
        return s;  // pose, inventory, compass and pov are read from env_.observation() directly
    }

    core::EnvOptions options_;
    core::Environment env_;
    std::vector<std::int32_t> grid_, target_;
    std::int32_t maxInt_ = 0;
    double precision_ = 0, recall_ = 0, f1_ = 0;
    bool hasTask_ = false, started_ = false, recording_ = false, freshStart_ = true;
    static constexpr std::size_t kPreparedKept = 8;
    std::vector<std::unique_ptr<core::PreparedTask>> prepared_;  // tables of the last tasks set, most recent last
    core::StepRecorder recorder_;
    std::optional<py::dict> views_;
    py::str dialog_;  // observation "dialog", made at reset
};

}  // namespace env_bindings

void bindEnv(py::module_& m) {
    using namespace env_bindings;
    py::class_<CoreEnv>(m, "CoreEnv", py::dynamic_attr(), R"doc(
One IGLU environment in C++ (bit-exact with the reference gridworld). Built on by
iglu.gridworld.GridWorld and iglu.Env; use those.)doc")
        .def(py::init([](const py::kwargs& kwargs) { return std::make_unique<CoreEnv>(envOptionsFromKwargs(kwargs)); }),
             "Options by the reference GridWorld's keyword names (action_space, discretize, max_steps, ...).")
        .def("_set_task", [](CoreEnv& e, const py::handle& task) { e.setTask(taskFromPython(task)); }, py::arg("task"))
        .def("_reset", &CoreEnv::reset)
        .def("_reset_copy", [](CoreEnv& e) {
            e.reset();
            return e.observationCopy();
        }, "reset(); the observation as fresh arrays")
        .def("_step_gridworld", [](CoreEnv& e, const py::handle& action) {
            const core::StepResult r = e.step(action);
            return py::make_tuple(e.observationCopy(), r.reward, r.done, py::dict());
        }, py::arg("action"), "step(action) -> (obs, reward, done, info) with fresh arrays, as the reference")
        .def("_step_views", [](py::object self, const py::handle& action) {
            CoreEnv& e = self.cast<CoreEnv&>();
            const core::StepResult r = e.step(action);
            return py::make_tuple(e.observationViews(self), r.reward, e.terminated(), e.truncated(), e.info());
        }, py::arg("action"), "step(action) -> (obs views, reward, terminated, truncated, info)")
        .def("_observation_views", [](py::object self) { return self.cast<CoreEnv&>().observationViews(self); })
        .def("_observation_copy", &CoreEnv::observationCopy)
        .def("_info", &CoreEnv::info)
        .def_property_readonly("step_no", [](const CoreEnv& e) { return const_cast<CoreEnv&>(e).env().stepNo(); },
                               "Steps since the last reset (the reference's env.step_no).")
        .def_property_readonly("max_int", [](CoreEnv& e) { return e.env().envMaxInt(); },
                               "The reference's env.max_int: the task vs the start grid, computed at reset only.")
        .def_property_readonly("grid", [](CoreEnv& e) { return gridToArray(e.env().grid()); },
                               "The current grid, int32 (9, 11, 11) [y+1, x+5, z+5] (a copy).")
        .def_property_readonly("position", [](CoreEnv& e) {
            const auto& a = e.env().agent();
            return py::make_tuple(a.x, a.y, a.z);
        }, "The agent's head point (x, y, z).")
        .def_property_readonly("rotation", [](CoreEnv& e) {
            const auto& a = e.env().agent();
            return py::make_tuple(a.yaw, a.pitch);
        }, "The agent's (yaw, pitch) in degrees.")
        .def_property_readonly("options", [](const CoreEnv& e) { return py::module_::import("json").attr("loads")(core::envOptionsJson(e.options())); },
                               "The options in effect, by keyword name.")
        .def_property_readonly("_has_task", &CoreEnv::hasTask)
        .def("publish_belief", &CoreEnv::publishBelief, py::arg("blocks"),
             "Publishes the agent's belief: the blocks it predicts the target to be, from this step on (a list of\n"
             "(x, y, z, colour) or a (9, 11, 11) grid). Recorded episodes keep it (only where it changes); the\n"
             "workbench shows it beside the target and experiments report mean_prediction_f1. Bad blocks raise\n"
             "ValueError naming the field; nothing is recorded then.")
        .def("_set_recording", &CoreEnv::setRecording, py::arg("on"))
        .def_property_readonly("_recording", &CoreEnv::recording)
        .def("_finish_episode", &CoreEnv::finishEpisode, py::arg("seed") = 0, py::arg("repetition") = 0,
             "The episode since the last reset as an iglu.Episode (rollout and metrics), for Catalog.record_episodes.")
        .def("_set_pose", [](CoreEnv& e, double x, double y, double z, double yaw, double pitch) { e.env().setPose(x, y, z, yaw, pitch); },
             py::arg("x"), py::arg("y"), py::arg("z"), py::arg("yaw"), py::arg("pitch"),
             "Moves the agent (the drop-in's initialize_world / agent.position); the grid is unchanged.")
        .def_property_readonly("_placements", [](CoreEnv& e) { return py::make_tuple(e.env().lastRightPlacement(), e.env().lastWrongPlacement()); },
                               "(right_placement, wrong_placement) of the last step (which scale the reward used).")
        .def("_terminated", &CoreEnv::terminated)
        .def("_truncated", &CoreEnv::truncated);
}

}  // namespace iglu::python
