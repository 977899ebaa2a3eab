#include "core/rollout/rollout_file.hpp"

#include "core/env/action_json.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include <nlohmann/json.hpp>

#include "env/env_options_json.hpp"
#include "core/rollout/action_text.hpp"
#include "task/blocks_json.hpp"
#include "core/util/file_read.hpp"
#include "core/util/json_keys.hpp"
#include "core/util/utf8.hpp"

namespace iglu::core {

namespace {

using nlohmann::json;

/// A problem with one field of a line; the reader adds "file:line: ".
struct FieldError {
    std::string field, message;
};

[[noreturn]] void bad(std::string field, std::string message) { throw FieldError{std::move(field), std::move(message)}; }

std::string shortDump(const json& j) {
    std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
    if (s.size() > 80) s = s.substr(0, 77) + "...";
    return s;
}

std::string str(const json& obj, const char* key, bool required, const std::string& prefix = {}) {
    const auto it = obj.find(key);
    if (it == obj.end()) {
        if (required) bad(prefix + key, "missing");
        return {};
    }
    if (!it->is_string()) bad(prefix + key, "must be a string, got " + shortDump(*it));
    return it->get<std::string>();
}

long long integerIn(const json& j, const std::string& field, long long min, long long max) {
    const bool fits = j.is_number_integer() && !(j.is_number_unsigned() && j.get<unsigned long long>() >
                                                                             static_cast<unsigned long long>(max));
    if (!fits || j.get<long long>() < min || j.get<long long>() > max)
        bad(field, "must be an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " + shortDump(j));
    return j.get<long long>();
}

double finiteNumber(const json& j, const std::string& field) {
    if (!j.is_number()) bad(field, "must be a number, got " + shortDump(j));
    const double v = j.get<double>();
    if (!std::isfinite(v)) bad(field, "must be a finite number");  // nlohmann never parses one; kept for safety
    return v;
}

/// One action of the line: its normalised form and its text (action_text.hpp).
void readAction(const json& a, const std::string& field, const EnvOptions& env, Action& action, std::string& text) {
    const ActionSpace space = env.config.actionSpace;
    try {
        if (a.is_number_integer()) {
            if (!env.discretize)
                bad(field, "an integer action needs env.discretize = true (or give a dict or an action text)");
            const int id = static_cast<int>(integerIn(a, field, 0, kDiscreteActions - 1));
            action = Action::discrete(id);
            formatDiscreteAction(id, text);
        } else if (a.is_string()) {
            const auto parsed = parseActionText(a.get<std::string>());
            if (!parsed) bad(field, "not an action text (\"discrete N\", \"walking ...\" or \"flying ...\"): " + shortDump(a));
            if (parsed->space != space)
                bad(field, std::string("a ") + toString(parsed->space) + " action in an env with action_space \"" +
                               toString(space) + "\"");
            action = parsed->action;
            if (parsed->discreteId >= 0) formatDiscreteAction(parsed->discreteId, text);
            else formatAction(action, space, text);
        } else if (a.is_object()) {
            action = actionFromJson(a, space == ActionSpace::Walking ? ActionForm::Walking : ActionForm::Flying);
            formatAction(action, space, text);
        } else {
            bad(field, "must be an integer 0..17, an action dict or an action text, got " + shortDump(a));
        }
        action.validate();
    } catch (const InvalidAction& e) {
        bad(field + "." + e.field(), e.what() + e.field().size() + 2);
    }
}

Task taskOf(const json& t, const std::string& id) {
    if (!t.is_object()) bad("task", "must be an object {starting_blocks, target_blocks, instruction, dialog}");
    for (const auto& [key, value] : t.items())
        if (key != "starting_blocks" && key != "target_blocks" && key != "instruction" && key != "dialog")
            bad("task." + key, "unknown key (a task has starting_blocks, target_blocks, instruction, dialog)");
    Task task;
    task.id = id;
    task.instruction = str(t, "instruction", false, "task.");
    task.dialog = str(t, "dialog", false, "task.");
    if (!t.contains("target_blocks")) bad("task.target_blocks", "missing");
    try {
        if (t.contains("starting_blocks") && !t["starting_blocks"].is_null())
            task.starting = detail::gridFromJson(t["starting_blocks"], "task.starting_blocks");
        task.target = detail::gridFromJson(t["target_blocks"], "task.target_blocks");
    } catch (const std::runtime_error& e) {
        const std::string m = e.what();
        const auto colon = m.find(": ");
        bad(m.substr(0, colon), colon == std::string::npos ? m : m.substr(colon + 2));
    }
    return task;
}

constexpr std::array<const char*, 10> kKeys{"format", "agent",      "task_id", "task",    "env",
                                            "seed",   "repetition", "actions", "rewards", "final_grid"};

RolloutRecord parse(std::string_view line) {
    if (const auto badByte = invalidUtf8Offset(line))
        bad("column " + std::to_string(*badByte + 1), "text is not UTF-8 (" + describeInvalidUtf8(line) + ")");
    // Pass 1: everything but the actions and rewards, which are counted, not held (a 64 MiB line
    // of actions as a DOM would take gigabytes); pass 2 reads them one at a time with the env
    // options pass 1 found (the line's keys may come in any order).
    std::size_t nActions = 0, nRewards = 0;
    JsonLimits first;
    first.maxValues = kMaxRolloutHeldValues;
    first.streams = {{"actions", [&](json&&, std::size_t) {
                          if (++nActions > kMaxRolloutActions)
                              bad("actions", "more than the limit of " + std::to_string(kMaxRolloutActions) + " actions");
                      }},
                     {"rewards", [&](json&&, std::size_t) {
                          if (++nRewards > kMaxRolloutActions)
                              bad("rewards", "more than the limit of " + std::to_string(kMaxRolloutActions) + " rewards");
                      }}};
    json j;
    try {
        j = parseJson(line, first);
    } catch (const JsonError& e) {
        bad("JSON", "column " + std::to_string(e.column()) + ": " + e.reason());
    }
    if (const auto dup = findDuplicateKey(line)) bad(dup->key, "column " + std::to_string(dup->column) + ": duplicate key");
    if (!j.is_object()) bad("line", "must be a JSON object (one episode per line)");
    for (const auto& item : j.items())
        if (const std::string& key = item.key(); std::none_of(kKeys.begin(), kKeys.end(), [&](const char* k) { return key == k; }))
            bad(key, "unknown key (a rollout line has format, agent, task_id, task, env, seed, repetition, actions, "
                     "rewards, final_grid)");
    RolloutRecord r;
    if (const std::string format = str(j, "format", true); format != kRolloutFormat)
        bad("format", "must be \"" + std::string(kRolloutFormat) + "\", got " + shortDump(j["format"]));
    r.agent = str(j, "agent", true);
    if (r.agent.empty()) bad("agent", "must not be empty");
    r.taskId = str(j, "task_id", true);
    if (r.taskId.empty()) bad("task_id", "must not be empty");
    if (j.contains("task") && !j["task"].is_null()) r.task = taskOf(j["task"], r.taskId);
    if (j.contains("env")) {
        try {
            r.env = detail::envOptionsFromJsonValue(j["env"], "env");
        } catch (const EnvOptionError& e) {
            const std::string m = e.what();
            const auto colon = m.find(": ");
            bad(m.substr(0, colon), m.substr(colon + 2));
        }
    }
    if (j.contains("seed")) r.seed = integerIn(j["seed"], "seed", std::numeric_limits<std::int64_t>::min(),
                                               std::numeric_limits<std::int64_t>::max());
    if (j.contains("repetition"))
        r.repetition = static_cast<int>(integerIn(j["repetition"], "repetition", 0, std::numeric_limits<int>::max()));
    const auto actions = j.find("actions");
    if (actions == j.end()) bad("actions", "missing");
    if (!actions->is_array()) bad("actions", "must be a list (one action per step)");
    const bool hasRewards = j.contains("rewards") && !j["rewards"].is_null();
    r.actions.resize(nActions);
    r.actionTexts.resize(nActions);
    std::vector<double> rewards(hasRewards ? nRewards : 0);
    std::optional<FieldError> badReward;  // reported after the actions and the rewards' count, as before streaming
    JsonLimits second;
    second.maxValues = kMaxRolloutHeldValues;
    second.streams = {{"actions", [&](json&& a, std::size_t i) {
                           readAction(a, "actions[" + std::to_string(i) + "]", r.env, r.actions[i], r.actionTexts[i]);
                       }},
                      {"rewards", [&](json&& x, std::size_t i) {
                           if (badReward) return;
                           try {
                               rewards[i] = finiteNumber(x, "rewards[" + std::to_string(i) + "]");
                           } catch (const FieldError& e) {
                               badReward = e;
                           }
                       }}};
    (void)parseJson(line, second);  // pass 1 accepted the text: only the elements' own errors remain
    if (hasRewards) {
        if (!j["rewards"].is_array()) bad("rewards", "must be a list of numbers (one per action)");
        if (nRewards != nActions) bad("rewards", std::to_string(nRewards) + " rewards for " + std::to_string(nActions) + " actions");
        if (badReward) throw *badReward;
        r.rewards = std::move(rewards);
    }
    if (j.contains("final_grid") && !j["final_grid"].is_null()) {
        try {
            r.finalGrid = detail::gridFromJson(j["final_grid"], "final_grid");
        } catch (const std::runtime_error& e) {
            const std::string m = e.what();
            const auto colon = m.find(": ");
            bad(m.substr(0, colon), colon == std::string::npos ? m : m.substr(colon + 2));
        }
    }
    return r;
}

std::string fmt(double v) { return json(v).dump(); }

/// The discrete id 0..17 whose action is exactly `a`, or -1.
int discreteIdOf(const Action& a) {
    for (int id = 0; id < kDiscreteActions; ++id) {
        const Action d = Action::discrete(id);
        if (d.strafe0 == a.strafe0 && d.strafe1 == a.strafe1 && d.vertical == a.vertical && d.dyaw == a.dyaw &&
            d.dpitch == a.dpitch && d.colour == a.colour && d.place == a.place && d.breakBlock == a.breakBlock)
            return id;
    }
    return -1;
}

}  // namespace

RolloutRecord parseRolloutLine(std::string_view line, const std::string& where) {
    try {
        return parse(line);
    } catch (const FieldError& e) {
        throw RolloutFileError(where + ": " + e.field + ": " + e.message);
    }
}

void readRolloutFile(const std::string& path, const std::function<void(RolloutRecord&&)>& onRecord,
                     const std::function<void(std::size_t, std::size_t)>& onProgress) {
    try {
        readLines(path, kMaxRolloutLineBytes, [&](std::string_view line, int lineNo, std::size_t read, std::size_t size) {
            if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
                RolloutRecord r = parseRolloutLine(line, path + ":" + std::to_string(lineNo));
                r.line = lineNo;
                onRecord(std::move(r));
            }
            if (onProgress) onProgress(read, size);
        });
    } catch (const FileError& e) {
        throw RolloutFileError(path + ": cannot read the rollout file: " + e.message());
    }
}

std::string rolloutLine(const RolloutRecord& r) {
    nlohmann::ordered_json j = {{"format", kRolloutFormat}, {"agent", r.agent}, {"task_id", r.taskId}};
    if (r.task)
        j["task"] = {{"starting_blocks", detail::gridJson(r.task->starting)},
                     {"target_blocks", detail::gridJson(r.task->target)},
                     {"instruction", r.task->instruction},
                     {"dialog", r.task->dialog}};
    j["env"] = detail::envOptionsJsonValue(r.env);
    j["seed"] = r.seed;
    j["repetition"] = r.repetition;
    // Each action's text: the record's own when it has one per action, else made from the action
    // (a discrete id when the action is exactly one of the 18).
    const bool haveTexts = r.actionTexts.size() == r.actions.size();
    std::vector<int> ids;
    bool allDiscrete = r.env.discretize;
    for (std::size_t i = 0; i < r.actions.size() && allDiscrete; ++i) {
        int id = -1;
        if (haveTexts) {
            if (const auto a = parseActionText(r.actionTexts[i])) id = a->discreteId;
        } else {
            id = discreteIdOf(r.actions[i]);
        }
        allDiscrete = id >= 0;
        ids.push_back(id);
    }
    nlohmann::ordered_json actions = nlohmann::ordered_json::array();
    if (allDiscrete)
        for (int id : ids) actions.push_back(id);
    else
        for (std::size_t i = 0; i < r.actions.size(); ++i) {
            if (haveTexts && !r.actionTexts[i].empty()) actions.push_back(r.actionTexts[i]);
            else if (const int id = discreteIdOf(r.actions[i]); id >= 0 && r.env.config.actionSpace == ActionSpace::Walking)
                actions.push_back("discrete " + std::to_string(id));
            else actions.push_back(actionText(r.actions[i], r.env.config.actionSpace));
        }
    j["actions"] = std::move(actions);
    if (r.rewards) j["rewards"] = *r.rewards;
    if (r.finalGrid) j["final_grid"] = detail::gridJson(*r.finalGrid);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

RolloutDivergence replayRollout(Environment& env, const Task& task, const RolloutRecord& record,
                                const std::function<void(const StepResult&, const Action&)>& afterStep) {
    if (record.rewards && record.rewards->size() != record.actions.size())  // a record not made by the reader
        throw RolloutFileError("line " + std::to_string(record.line) + ": rewards: " + std::to_string(record.rewards->size()) +
                               " rewards for " + std::to_string(record.actions.size()) + " actions");
    env.setTask(task);
    env.reset();
    RolloutDivergence d;
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        StepResult result;
        try {
            result = env.step(record.actions[i]);
        } catch (const InvalidAction& e) {
            throw RolloutFileError("line " + std::to_string(record.line) + ": actions[" + std::to_string(i) + "]." +
                                   e.field() + ": the environment refuses it: " + (e.what() + e.field().size() + 2));
        }
        if (afterStep) afterStep(result, record.actions[i]);
        if (d.ok() && record.rewards) {
            const double want = (*record.rewards)[i];
            if (std::abs(want - result.reward) > 1e-9 * std::max(1.0, std::abs(want))) {
                d.step = static_cast<int>(i) + 1;
                d.what = "reward " + fmt(want) + " in the file, " + fmt(result.reward) + " replayed";
            }
        }
    }
    if (record.finalGrid && *record.finalGrid != env.grid()) {
        const Grid& want = *record.finalGrid;
        int differing = 0;
        std::string first;
        for (int c = 0; c < kCells; ++c)
            if (want.cell(c) != env.grid().cell(c)) {
                if (differing++ == 0) {
                    Block b = Grid::position(c);
                    first = std::to_string(b.x) + " " + std::to_string(b.y) + " " + std::to_string(b.z) + ": colour " +
                            std::to_string(want.cell(c)) + " in the file, " + std::to_string(env.grid().cell(c)) + " replayed";
                }
            }
        const std::string what = "final grid: " + std::to_string(differing) + (differing == 1 ? " cell differs" : " cells differ") +
                                 " (first at " + first + ")";
        if (d.ok()) d.what = what;
        else d.what += "; " + what;
    }
    return d;
}

RolloutRecord rolloutRecordOf(const Rollout& rollout, std::string agent, const Task& task, const EnvOptions& env,
                              std::int64_t seed, int repetition) {
    RolloutRecord r;
    r.agent = std::move(agent);
    r.taskId = task.id;
    r.task = task;
    r.env = env;
    r.seed = seed;
    r.repetition = repetition;
    std::vector<double> rewards;
    rewards.reserve(rollout.frames.size());
    r.actions.reserve(rollout.frames.size());
    r.actionTexts.reserve(rollout.frames.size());
    for (std::size_t i = 0; i < rollout.frames.size(); ++i) {
        const RolloutFrame& f = rollout.frames[i];
        const auto action = parseActionText(f.action);
        if (!action)
            throw RolloutFileError("rollout " + std::to_string(rollout.id) + " of task " + task.id + ", frame " + std::to_string(i + 1) +
                                   ": action '" + f.action + "' is not an environment step's action text");
        r.actions.push_back(action->action);
        r.actionTexts.push_back(f.action);
        rewards.push_back(f.reward);
    }
    r.rewards = std::move(rewards);
    r.finalGrid = rollout.finalGrid();
    return r;
}

}  // namespace iglu::core
