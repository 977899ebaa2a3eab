// iglu._iglu.CoreCatalog: the SQLite catalog (tasks with `iglu tasks`' filters, skill labels,
// experiments and episodes) and the storing of episodes recorded from Python.
#include "bindings.hpp"

#include <pybind11/stl.h>

#include "convert.hpp"
#include "core/catalog/agent_episodes.hpp"
#include "core/catalog/catalog.hpp"
#include "core/catalog/task_filter.hpp"
#include "core/rollout/rollout_file.hpp"

namespace iglu::python {

py::dict taskToDict(const core::Task& t);  // core_bindings.cpp

namespace {

py::dict taskRecordDict(const catalog::TaskRecord& r) {
    py::dict d = taskToDict(r.task);
    d["source"] = catalog::taskSourceName(r.source);
    d["structure_id"] = r.structureId;
    d["session_id"] = r.sessionId;
    d["turn"] = r.turn;
    d["clear"] = r.clear ? py::object(py::bool_(*r.clear)) : py::object(py::none());
    d["clarifying_question"] = r.clarifyingQuestion;
    d["partition"] = r.partition;
    return d;
}

py::list skillNames(core::SkillSet s) {
    py::list out;
    for (const core::Skill k : core::kAllSkills)
        if (s.has(k)) out.append(core::skillName(k));
    return out;
}

py::dict episodeDict(const catalog::EpisodeRecord& e) {
    py::dict d;
    d["task_id"] = e.taskId;
    d["seed"] = e.seed;
    d["repetition"] = e.repetition;
    d["ok"] = e.ok;
    d["error"] = e.error;
    d["steps"] = e.steps;
    d["total_return"] = e.totalReturn;
    d["precision"] = e.precision;
    d["recall"] = e.recall;
    d["f1"] = e.f1;
    d["success"] = e.success;
    d["rollout_id"] = e.rolloutId ? py::object(py::int_(*e.rolloutId)) : py::object(py::none());
    d["finished"] = e.finished;
    return d;
}

catalog::OpenMode modeOf(const std::string& mode) {
    if (mode == "read") return catalog::OpenMode::ReadOnly;
    if (mode == "write") return catalog::OpenMode::ReadWrite;
    if (mode == "create") return catalog::OpenMode::Create;
    throw std::invalid_argument("mode: must be 'read', 'write' or 'create', got '" + mode + "'");
}

}  // namespace

void bindCatalog(py::module_& m) {
    py::class_<catalog::AgentEpisode>(m, "Episode", "One recorded agent episode: its rollout and metrics (store with Catalog.record).")
        .def_readwrite("task_id", &catalog::AgentEpisode::taskId)
        .def_readwrite("seed", &catalog::AgentEpisode::seed)
        .def_readwrite("repetition", &catalog::AgentEpisode::repetition)
        .def_readonly("steps", &catalog::AgentEpisode::steps)
        .def_readonly("total_return", &catalog::AgentEpisode::totalReturn)
        .def_readwrite("ok", &catalog::AgentEpisode::ok)
        .def_readwrite("error", &catalog::AgentEpisode::error)
        .def_property_readonly("precision", [](const catalog::AgentEpisode& e) { return e.scores.precision; })
        .def_property_readonly("recall", [](const catalog::AgentEpisode& e) { return e.scores.recall; })
        .def_property_readonly("f1", [](const catalog::AgentEpisode& e) { return e.scores.f1; })
        .def_property_readonly("success", [](const catalog::AgentEpisode& e) { return core::exactCompletion(e.scores); })
        .def_property_readonly("frames", [](const catalog::AgentEpisode& e) { return e.rollout.size(); })
        .def_property_readonly("actions", [](const catalog::AgentEpisode& e) {
            py::list out;
            for (const auto& f : e.rollout.frames) out.append(f.action);
            return out;
        }, "The action text of every step (core/rollout/action_text.hpp).")
        .def("_rollout_line", [](const catalog::AgentEpisode& e, const std::string& agent, const py::handle& task,
                                 const py::dict& options) {
            core::Task t = taskFromPython(task);
            t.id = e.taskId;
            return core::rolloutLine(core::rolloutRecordOf(e.rollout, agent, t, envOptionsFromKwargs(options), e.seed, e.repetition));
        }, py::arg("agent"), py::arg("task"), py::arg("options"),
             "The episode as one line of a rollout file (docs/rollout_format.md), task blocks inline.")
        .def("__repr__", [](const catalog::AgentEpisode& e) {
            return "<iglu.Episode task=" + e.taskId + " seed=" + std::to_string(e.seed) + " steps=" + std::to_string(e.steps) +
                   " f1=" + std::to_string(e.scores.f1) + ">";
        });

    py::class_<catalog::Catalog>(m, "CoreCatalog", "The IGLU Workbench catalog (use iglu.Catalog).")
        .def(py::init([](const std::string& path, const std::string& mode) {
                 return std::make_unique<catalog::Catalog>(path, modeOf(mode));
             }),
             py::arg("path"), py::arg("mode") = "create")
        .def_property_readonly("path", &catalog::Catalog::path)
        .def("_tasks", [](const catalog::Catalog& c, const std::string& words, const std::vector<std::string>& skills,
                          const std::string& text, const std::string& clear, const std::string& source, int limit) {
                 catalog::TaskFilter f = words.empty() ? catalog::parseTaskFilter(skills, text, clear, source, limit)
                                                       : catalog::parseFilterWords(words);
                 if (!words.empty()) {
                     const catalog::TaskFilter extra = catalog::parseTaskFilter(skills, text, clear, source, limit);
                     f.skills.insert(f.skills.end(), extra.skills.begin(), extra.skills.end());
                     if (!extra.text.empty()) f.text += (f.text.empty() ? "" : " ") + extra.text;
                     if (extra.clear) f.clear = extra.clear;
                     if (extra.source) f.source = extra.source;
                     if (extra.limit >= 0) f.limit = extra.limit;
                 }
                 std::vector<catalog::TaskSummary> summaries;
                 std::vector<catalog::TaskRecord> records;
                 {
                     py::gil_scoped_release nogil;
                     summaries = c.findTasks(f);
                     records = c.loadTasks(f);
                 }
                 std::map<std::string, const catalog::TaskSummary*> byId;
                 for (const auto& s : summaries) byId[s.id] = &s;
                 py::list out;
                 for (const auto& r : records) {
                     py::dict d = taskRecordDict(r);
                     if (const auto it = byId.find(r.task.id); it != byId.end()) {
                         d["skills"] = skillNames(catalog::effectiveSkills(*it->second));
                         d["human_skills"] = skillNames(it->second->humanSkills);
                         d["auto_skills"] = skillNames(it->second->autoSkills);
                         d["human_labeled"] = it->second->humanLabeled;
                     }
                     out.append(d);
                 }
                 return out;
             },
             py::arg("words") = "", py::arg("skills") = std::vector<std::string>{}, py::arg("text") = "", py::arg("clear") = "",
             py::arg("source") = "", py::arg("limit") = -1)
        .def("_task", [](const catalog::Catalog& c, const std::string& id) -> py::object {
            const auto r = c.task(id);
            return r ? py::object(taskRecordDict(*r)) : py::object(py::none());
        }, py::arg("id"))
        .def("task_count", &catalog::Catalog::taskCount)
        .def("_put_task", [](catalog::Catalog& c, const py::handle& task, const std::string& source, bool replace) {
            catalog::TaskRecord r;
            r.task = taskFromPython(task);
            if (r.task.id.empty()) throw std::invalid_argument("task: needs an id (task_id) to be stored");
            const auto s = catalog::parseTaskSource(source);
            if (!s) throw std::invalid_argument("source: must be singleturn, session, structure or custom, got '" + source + "'");
            r.source = *s;
            c.putTask(r, replace ? catalog::TaskWrite::Replace : catalog::TaskWrite::NewOrSame);
        }, py::arg("task"), py::arg("source") = "custom", py::arg("replace") = false)
        .def("labels", [](const catalog::Catalog& c, const std::string& taskId) {
            py::list out;
            for (const auto& l : c.labels(taskId)) {
                py::dict d;
                d["skill"] = core::skillName(l.skill);
                d["value"] = l.value;
                d["source"] = catalog::labelSourceName(l.source);
                d["labeler"] = l.labeler;
                d["reason"] = l.reason;
                d["time"] = l.time;
                out.append(d);
            }
            return out;
        }, py::arg("task_id"), "Every skill label of a task: [{skill, value, source, labeler, reason, time}].")
        .def("_experiments", [](const catalog::Catalog& c) {
            py::list out;
            for (const auto& e : c.experiments()) {
                py::dict d;
                d["name"] = e.name;
                d["script"] = e.script;
                d["config"] = e.config;
                d["created"] = e.created;
                d["episodes"] = c.episodes(e.id).size();
                out.append(d);
            }
            return out;
        })
        .def("_episodes", [](const catalog::Catalog& c, const std::string& name) {
            const auto e = c.experiment(name);
            if (!e) throw py::key_error("no experiment named '" + name + "' in " + c.path());
            py::list out;
            for (const auto& ep : c.episodes(e->id)) out.append(episodeDict(ep));
            return out;
        }, py::arg("name"))
        .def("_store_episodes", [](catalog::Catalog& c, const std::string& name, const std::string& agent, const std::string& configJson,
                                   const std::vector<catalog::AgentEpisode>& episodes) {
            py::gil_scoped_release nogil;
            return catalog::storeAgentEpisodes(c, name, agent, configJson, episodes);
        }, py::arg("name"), py::arg("agent"), py::arg("config"), py::arg("episodes"))
        .def_static("_external_config", &catalog::externalExperimentConfig, py::arg("agent"), py::arg("source"), py::arg("env_options_json"));
}

}  // namespace iglu::python
