// iglu._iglu.CoreCatalog: the SQLite catalog (tasks with `iglu tasks`' filters, skill labels,
// experiments and episodes) and the storing of episodes recorded from Python.
//
// Threads: every method holds the connection's guard (object_guard.hpp), taken with the GIL
// released, so threads sharing one iglu.Catalog take turns (SQLite and the statement cache see
// one caller at a time). fork(): SQLite connections must not cross a fork, so a connection
// opened in another process refuses every use (and is never closed there), and opening a
// catalog in a process that inherited a connection to the same file is refused too (SQLite
// would share the inherited, wrong lock bookkeeping with the new connection).
#include "bindings.hpp"

#include <pybind11/stl.h>
#include <sys/stat.h>
#include <pthread.h>

#include <mutex>

#include "convert.hpp"
#include "core/catalog/agent_episodes.hpp"
#include "core/catalog/catalog.hpp"
#include "core/catalog/task_filter.hpp"
#include "core/rollout/rollout_file.hpp"
#include "object_guard.hpp"

namespace iglu::python {

py::dict taskToDict(const core::Task& t);  // core_bindings.cpp

namespace catalog_bindings {

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
    d["iglu2022_f1"] = e.iglu2022F1 ? py::object(py::float_(*e.iglu2022F1)) : py::object(py::none());
    d["prediction_f1"] = e.predictionF1 ? py::object(py::float_(*e.predictionF1)) : py::object(py::none());
    d["prediction"] = e.prediction ? py::object(gridToBlocks(*e.prediction)) : py::object(py::none());
    d["rollout_id"] = e.rolloutId ? py::object(py::int_(*e.rolloutId)) : py::object(py::none());
    d["finished"] = e.finished;
    return d;
}

// The catalog files open in this process, by (device, inode), with the process that opened each.
// Its mutex is held across fork() (pthread_atfork), so a child never inherits it locked.
struct OpenFile {
    dev_t dev;
    ino_t ino;
    pid_t pid;
    const void* owner;
};
std::mutex& registryMutex() {
    static std::mutex m;
    return m;
}
std::vector<OpenFile>& registry() {
    static std::vector<OpenFile> files;
    return files;
}
void registerAtFork() {
    static std::once_flag once;
    std::call_once(once, [] {
        pthread_atfork([] { registryMutex().lock(); }, [] { registryMutex().unlock(); }, [] { registryMutex().unlock(); });
    });
}

struct PyCatalog {
    std::unique_ptr<catalog::Catalog> db;
    pid_t pid = getpid();
    ObjectGuard guard;

    PyCatalog(const std::string& path, catalog::OpenMode mode) {
        registerAtFork();
        // Held through the open: a fork() waits for it, so no child inherits an unregistered connection.
        const std::lock_guard<std::mutex> lock(registryMutex());
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0)
            for (const OpenFile& f : registry())
                if (f.dev == st.st_dev && f.ino == st.st_ino && f.pid != pid)
                    throw catalog::CatalogError(path + ": a connection to this catalog opened in process " + std::to_string(f.pid) +
                                                " before fork() is open in this process, and SQLite cannot lock the file "
                                                "correctly beside it: close catalogs before forking, or start child processes "
                                                "with multiprocessing's 'spawn' (or 'forkserver') method");
        db = std::make_unique<catalog::Catalog>(path, mode);
        if (::stat(db->path().c_str(), &st) == 0) registry().push_back({st.st_dev, st.st_ino, pid, this});
    }
    ~PyCatalog() {
        if (getpid() != pid) {
            // The parent's connection: closing it here could checkpoint or delete the parent's
            // write-ahead log under it. It stays open (and registered) until this process ends.
            (void)db.release();
            return;
        }
        db.reset();
        const std::lock_guard<std::mutex> lock(registryMutex());
        auto& files = registry();
        std::erase_if(files, [this](const OpenFile& f) { return f.owner == this; });
    }
    PyCatalog(const PyCatalog&) = delete;
    PyCatalog& operator=(const PyCatalog&) = delete;
};

// The connection for one call, with the guard held (see the top of this file).
class Use {
public:
    explicit Use(PyCatalog& c) : lease_(c.guard, "iglu.Catalog", ObjectGuard::Stale::TakeOver), db_(*c.db) {
        if (getpid() != c.pid)
            throw catalog::CatalogError(c.db->path() + ": this catalog was opened in process " + std::to_string(c.pid) +
                                        " and cannot be used after fork() (SQLite connections must not cross a fork): "
                                        "close it before forking and open it in the process that uses it, or start child "
                                        "processes with multiprocessing's 'spawn' method");
    }
    catalog::Catalog& operator*() const noexcept { return db_; }
    catalog::Catalog* operator->() const noexcept { return &db_; }

private:
    Lease lease_;
    catalog::Catalog& db_;
};

catalog::OpenMode modeOf(const std::string& mode) {
    if (mode == "read") return catalog::OpenMode::ReadOnly;
    if (mode == "write") return catalog::OpenMode::ReadWrite;
    if (mode == "create") return catalog::OpenMode::Create;
    throw std::invalid_argument("mode: must be 'read', 'write' or 'create', got '" + mode + "'");
}

}  // namespace catalog_bindings

void bindCatalog(py::module_& m) {
    using namespace catalog_bindings;
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
        .def_property_readonly("iglu2022_f1", [](const catalog::AgentEpisode& e) { return e.iglu2022.f1; },
                               "The IGLU-2022 evaluator's F1 (blocks added / removed vs the start) at the step it scores: "
                               "the first step the environment said done, else the last.")
        .def_property_readonly("beliefs", [](const catalog::AgentEpisode& e) {
            py::list out;
            for (const auto& b : e.rollout.beliefs) out.append(py::make_tuple(b.step, gridToBlocks(b.blocks)));
            return out;
        }, "The beliefs published (env.publish_belief), where they changed: [(step, blocks), ...].")
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

    py::class_<PyCatalog>(m, "CoreCatalog", "The IGLU Workbench catalog (use iglu.Catalog).")
        .def(py::init([](const std::string& path, const std::string& mode) {
                 const catalog::OpenMode openMode = modeOf(mode);
                 py::gil_scoped_release nogil;  // opening checks the file (quick_check): other threads run meanwhile
                 return std::make_unique<PyCatalog>(path, openMode);
             }),
             py::arg("path"), py::arg("mode") = "write")
        .def_property_readonly("path", [](const PyCatalog& c) { return c.db->path(); })
        .def("_tasks", [](PyCatalog& p, const std::string& words, const std::vector<std::string>& skills,
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
                     const Use c(p);
                     py::gil_scoped_release nogil;
                     summaries = c->findTasks(f);
                     records = c->loadTasks(f);
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
        .def("_task", [](PyCatalog& p, const std::string& id) -> py::object {
            const Use c(p);
            const auto r = c->task(id);
            return r ? py::object(taskRecordDict(*r)) : py::object(py::none());
        }, py::arg("id"))
        .def("task_count", [](PyCatalog& p) { return Use(p)->taskCount(); })
        .def("_put_task", [](PyCatalog& p, const py::handle& task, const std::string& source, bool replace) {
            catalog::TaskRecord r;
            r.task = taskFromPython(task);
            if (r.task.id.empty()) throw std::invalid_argument("task: needs an id (task_id) to be stored");
            const auto s = catalog::parseTaskSource(source);
            if (!s) throw std::invalid_argument("source: must be singleturn, session, structure or custom, got '" + source + "'");
            r.source = *s;
            const Use c(p);
            c->putTask(r, replace ? catalog::TaskWrite::Replace : catalog::TaskWrite::NewOrSame);
        }, py::arg("task"), py::arg("source") = "custom", py::arg("replace") = false)
        .def("labels", [](PyCatalog& p, const std::string& taskId) {
            py::list out;
            const Use c(p);
            for (const auto& l : c->labels(taskId)) {
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
        .def("_experiments", [](PyCatalog& p) {
            py::list out;
            const Use c(p);
            for (const auto& e : c->experiments()) {
                py::dict d;
                d["name"] = e.name;
                d["script"] = e.script;
                d["config"] = e.config;
                d["created"] = e.created;
                d["episodes"] = c->episodes(e.id).size();
                out.append(d);
            }
            return out;
        })
        .def("_episodes", [](PyCatalog& p, const std::string& name) {
            const Use c(p);
            const auto e = c->experiment(name);
            if (!e) throw py::key_error("no experiment named '" + name + "' in " + c->path());
            py::list out;
            for (const auto& ep : c->episodes(e->id)) out.append(episodeDict(ep));
            return out;
        }, py::arg("name"))
        .def("_store_episodes", [](PyCatalog& p, const std::string& name, const std::string& agent, const std::string& configJson,
                                   const std::vector<catalog::AgentEpisode>& episodes) {
            const Use c(p);
            py::gil_scoped_release nogil;
            return catalog::storeAgentEpisodes(*c, name, agent, configJson, episodes);
        }, py::arg("name"), py::arg("agent"), py::arg("config"), py::arg("episodes"))
        // Training curves (core/catalog/scalars.hpp): bad values raise ValueError naming the field.
        .def("log_scalar", [](PyCatalog& p, const std::string& run, const std::string& tag, std::int64_t step, double value) {
            const Use c(p);
            py::gil_scoped_release nogil;  // may wait for another writer's transaction
            c->logScalar(run, tag, step, value);
        }, py::arg("run"), py::arg("tag"), py::arg("step"), py::arg("value"))
        .def("log_scalars", [](PyCatalog& p, const std::string& run, std::int64_t step, const std::map<std::string, double>& values) {
            std::vector<catalog::ScalarValue> batch;
            for (const auto& [tag, value] : values) batch.push_back({tag, step, value});
            const Use c(p);
            py::gil_scoped_release nogil;
            c->logScalars(run, batch);
        }, py::arg("run"), py::arg("step"), py::arg("values"))
        .def("scalar_runs", [](PyCatalog& p) {
            py::list out;
            const Use c(p);
            for (const auto& r : c->scalarRuns()) {
                py::dict d;
                d["run"] = r.name;
                d["experiment"] = r.experiment ? py::object(py::str(*r.experiment)) : py::object(py::none());
                d["tags"] = r.tags;
                d["points"] = r.points;
                d["last_wall_time"] = r.lastWallTime;
                out.append(d);
            }
            return out;
        })
        .def("scalar_tags", [](PyCatalog& p, const std::string& run) {
            py::list out;
            const Use c(p);
            for (const auto& t : c->scalarTags(run)) {
                py::dict d;
                d["tag"] = t.tag;
                d["points"] = t.points;
                d["last_step"] = t.lastStep;
                d["last_value"] = t.lastValue;
                out.append(d);
            }
            return out;
        }, py::arg("run"))
        .def("scalar_series", [](PyCatalog& p, const std::string& run, const std::string& tag) {
            py::list out;
            const Use c(p);
            for (const auto& pt : c->scalarSeries(run, tag)) out.append(py::make_tuple(pt.step, pt.value));
            return out;
        }, py::arg("run"), py::arg("tag"))
        .def_static("_external_config", &catalog::externalExperimentConfig, py::arg("agent"), py::arg("source"), py::arg("env_options_json"));
}

}  // namespace iglu::python
