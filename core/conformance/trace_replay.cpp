#include "core/conformance/trace_replay.hpp"
#include "core/util/file_read.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/env/action_json.hpp"
#include "core/env/environment.hpp"

namespace iglu::core::conformance {

namespace {

constexpr std::size_t kMaxTraceBytes = std::size_t(64) << 20;  // a golden trace; real ones are < 1 MB


using nlohmann::json;

std::string fmt(double v) {
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

std::vector<Block> readBlocks(const json& j, const char* field) {
    std::vector<Block> out;
    if (j.is_null()) return out;
    if (!j.is_array()) throw std::runtime_error(std::string(field) + ": expected a list of [x, y, z, colour]");
    for (const auto& b : j) {
        if (!b.is_array() || b.size() != 4) throw std::runtime_error(std::string(field) + ": entry is not [x, y, z, colour]");
        out.push_back({b[0].get<int>(), b[1].get<int>(), b[2].get<int>(), b[3].get<int>()});
    }
    return out;
}

EnvConfig configFrom(const json& kw) {
    EnvConfig c;
    const std::string space = kw.value("action_space", std::string("walking"));
    if (space == "walking") c.actionSpace = ActionSpace::Walking;
    else if (space == "flying") c.actionSpace = ActionSpace::Flying;
    else throw std::runtime_error("env_kwargs.action_space: unknown value '" + space + "'");
    c.maxSteps = kw.value("max_steps", 250);
    c.selectAndPlace = kw.value("select_and_place", false);
    c.rightPlacementScale = kw.value("right_placement_scale", 1.0);
    c.wrongPlacementScale = kw.value("wrong_placement_scale", 0.1);
    c.targetInObs = kw.value("target_in_obs", false);
    return c;
}

Action actionFrom(const json& a, const EnvConfig& config) {
    return actionFromJson(a, jsonActionForm(a, config.actionSpace));
}

class Checker {
public:
    Checker(TraceResult& r) : r_(r) {}

    void num(int step, const std::string& field, double expected, double actual, double tol) {
        const double err = std::abs(expected - actual);
        if (tol > 0) r_.maxPoseError = std::max(r_.maxPoseError, err);
        if (!(err <= tol) || std::isnan(actual))
            addFailure(r_, step, field, "expected " + fmt(expected) + ", got " + fmt(actual));
    }
    void integer(int step, const std::string& field, long long expected, long long actual) {
        if (expected != actual)
            addFailure(r_, step, field, "expected " + std::to_string(expected) + ", got " + std::to_string(actual));
    }
    void grid(int step, const std::string& field, const json& expected, const Grid& actual) {
        const Grid want = Grid::fromBlocks(readBlocks(expected, field.c_str()));
        if (want == actual) return;
        std::string diff;
        int shown = 0;
        for (int i = 0; i < kCells && shown < 4; ++i)
            if (want.cell(i) != actual.cell(i)) {
                Block p = Grid::position(i);
                diff += " " + toString(p) + " expected " + std::to_string(want.cell(i)) + " got " + std::to_string(actual.cell(i));
                ++shown;
            }
        addFailure(r_, step, field, "grids differ:" + diff);
    }

    /// Pose, speed and inventory fields shared by after_reset, reset_state and steps.
    void state(int step, const json& s, const Environment& env) {
        const AgentState& a = env.agent();
        const auto& pos = s.at("pos");
        num(step, "pos[0]", pos.at(0).get<double>(), a.x, kPoseTolerance);
        num(step, "pos[1]", pos.at(1).get<double>(), a.y, kPoseTolerance);
        num(step, "pos[2]", pos.at(2).get<double>(), a.z, kPoseTolerance);
        const auto& rot = s.at("rot");
        num(step, "rot[0] (yaw)", rot.at(0).get<double>(), a.yaw, kPoseTolerance);
        num(step, "rot[1] (pitch)", rot.at(1).get<double>(), a.pitch, kPoseTolerance);
        num(step, "dy", s.at("dy").get<double>(), a.dy, kPoseTolerance);
        integer(step, "time_int_steps", s.at("time_int_steps").get<int>(), a.timeIntSteps);
        integer(step, "active_block", s.at("active_block").get<int>(), a.activeBlock);
        const auto& inv = s.at("inventory");
        for (std::size_t i = 0; i < a.inventory.size(); ++i)
            integer(step, "inventory[" + std::to_string(i) + "]", inv.at(i).get<int>(), a.inventory[i]);
    }

    /// after_reset / reset_state: also observation and intersection bookkeeping.
    void resetState(int step, const json& s, const Environment& env) {
        state(step, s, env);
        grid(step, "grid", s.at("grid"), env.grid());
        const Observation& o = env.observation();
        const auto& oi = s.at("obs_inventory");
        for (std::size_t i = 0; i < o.inventory.size(); ++i)
            num(step, "obs_inventory[" + std::to_string(i) + "]", oi.at(i).get<double>(), o.inventory[i], 0);
        const auto& op = s.at("obs_agentPos");
        for (std::size_t i = 0; i < o.agentPos.size(); ++i)
            num(step, "obs_agentPos[" + std::to_string(i) + "]", op.at(i).get<double>(), o.agentPos[i], 0);
        integer(step, "env_max_int", s.at("env_max_int").get<int>(), env.envMaxInt());
        integer(step, "task_max_int", s.at("task_max_int").get<int>(), env.taskMaxInt());
        integer(step, "task_target_size", s.at("task_target_size").get<int>(), env.taskTargetSize());
        integer(step, "synthetic_target_size", s.at("synthetic_target_size").get<int>(), env.syntheticTargetSize());
        integer(step, "synthetic_max_int", s.at("synthetic_max_int").get<int>(), env.syntheticMaxInt());
        if (s.contains("strafe")) {
            num(step, "strafe[0]", s["strafe"].at(0).get<double>(), env.agent().strafe0, 0);
            num(step, "strafe[1]", s["strafe"].at(1).get<double>(), env.agent().strafe1, 0);
        }
    }

private:
    TraceResult& r_;
};

}  // namespace

std::vector<std::string> traceFiles(const std::string& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (!e.is_regular_file() || e.path().extension() != ".json" || e.path().filename() == "index.json") continue;
        out.push_back(e.path().string());
    }
    if (ec) throw std::runtime_error(dir + ": cannot list traces: " + ec.message());
    std::sort(out.begin(), out.end());
    return out;
}

TraceResult replayTrace(const std::string& path) {
    TraceResult r;
    r.source = std::filesystem::path(path).filename().string();
    json t;
    try {
        t = parseJson(readRegularFile(path, kMaxTraceBytes));
    } catch (const FileError& e) {
        throw std::runtime_error(path + ": cannot read the trace: " + e.message());
    } catch (const JsonError& e) {
        throw std::runtime_error(path + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.reason());
    }
    int step = 0;
    try {
        const std::string format = t.at("format").get<std::string>();
        if (format != "iglu-gridworld-golden-trace/1" && format != "iglu-gridworld-golden-trace/1+resets")
            throw std::runtime_error("format: unsupported '" + format + "'");
        const json& kw = t.at("env_kwargs");
        Task task;
        task.id = t.at("task_id").get<std::string>();
        task.starting = Grid::fromBlocks(readBlocks(t.at("starting_blocks"), "starting_blocks"));
        task.target = Grid::fromBlocks(readBlocks(t.at("target_blocks"), "target_blocks"));
        Environment env(configFrom(kw));
        env.setTask(task);
        env.reset();
        Checker check(r);
        check.resetState(0, t.at("after_reset"), env);

        Grid previous = env.grid();
        for (const json& s : t.at("steps")) {
            step = s.at("t").get<int>();
            if (s.contains("reset_before")) {
                const int n = s["reset_before"].get<int>();
                for (int i = 0; i < n; ++i) env.reset();
                check.resetState(step, s.at("reset_state"), env);
                previous = env.grid();
            }
            const StepResult res = env.step(actionFrom(s.at("action"), env.config()));
            ++r.checkedSteps;
            check.state(step, s, env);
            check.num(step, "reward", s.at("reward").get<double>(), res.reward, 0);
            check.integer(step, "done", s.at("done").get<bool>(), res.done);
            check.integer(step, "synthetic_max_int", s.at("synthetic_max_int").get<int>(), env.syntheticMaxInt());
            check.integer(step, "right_placement", s.at("right_placement").get<int>(), env.lastRightPlacement());
            check.integer(step, "wrong_placement", s.at("wrong_placement").get<int>(), env.lastWrongPlacement());
            check.integer(step, "task_max_int", s.at("task_max_int").get<int>(), env.taskMaxInt());
            check.integer(step, "grid_size", s.at("grid_size").get<int>(), env.grid().count());
            const bool changed = !(env.grid() == previous);
            check.integer(step, "grid_changed", s.at("grid_changed").get<bool>(), changed);
            if (s.contains("grid")) check.grid(step, "grid", s["grid"], env.grid());
            if (s.contains("step_no")) check.integer(step, "step_no", s["step_no"].get<int>(), env.stepNo());
            previous = env.grid();
        }
        step = -1;
        if (t.contains("summary") && t["summary"].contains("final_grid"))
            check.grid(-1, "summary.final_grid", t["summary"]["final_grid"], env.grid());
    } catch (const json::exception& e) {
        throw std::runtime_error(path + (step > 0 ? " step " + std::to_string(step) : std::string()) +
                                 ": malformed trace: " + e.what());
    } catch (const GridError& e) {
        throw std::runtime_error(path + ": " + e.what());
    } catch (const InvalidAction& e) {
        throw std::runtime_error(path + " step " + std::to_string(step) + ": invalid action: " + e.what());
    }
    return r;
}

}  // namespace iglu::core::conformance
