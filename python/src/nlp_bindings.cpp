// iglu._iglu._run_clarification: a Python model of the clarifying-question track (two callables,
// when(task) and what(task)) run over a catalog's tasks by catalog::runClarification and stored as
// an experiment of kind "clarification" — the same checks, storage and summary as `iglu nlp run`.
// A Python exception in a callable fails that task only (its message is stored); Ctrl-C
// (KeyboardInterrupt) stops the run after the finished tasks are stored, then is raised again.
#include "bindings.hpp"

#include <atomic>
#include <set>

#include <nlohmann/json.hpp>

#include "convert.hpp"
#include "core/catalog/clarification_experiment.hpp"

namespace iglu::python {

namespace nlp_bindings {

class PythonModel final : public core::ClarificationPredictor {
public:
    PythonModel(py::object when, py::object what, std::atomic<bool>& cancel) : when_(std::move(when)), what_(std::move(what)), cancel_(cancel) {}

    core::ClarificationAnswer answer(const core::ClarificationExample& t, const core::QuestionBank& bank) override {
        core::ClarificationAnswer a;
        try {
            py::dict task;
            task["id"] = t.id;
            task["instruction"] = t.instruction;
            task["starting"] = gridToBlocks(t.starting);
            py::list candidates;
            for (const auto& c : t.candidates) {
                py::dict d;
                d["id"] = c;
                const auto text = bank.find(c);
                d["text"] = text == bank.end() ? std::string() : text->second;
                candidates.append(d);
            }
            task["candidates"] = candidates;
            if (!when_.is_none()) a.needsProbability = probability(when_(task));
            if (!what_.is_none() && !t.candidates.empty()) {
                const py::object r = what_(task);
                if (!r.is_none()) a.scores = scores(r, t);
            }
        } catch (py::error_already_set& e) {
            if (e.matches(PyExc_KeyboardInterrupt)) {
                cancel_ = true;  // the run stops before the next task; the binding raises it again
                throw std::runtime_error("interrupted");
            }
            throw std::runtime_error(e.what());
        }
        return a;
    }

private:
    static double probability(const py::object& v) {
        if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? 1.0 : 0.0;
        double p = 0;
        if (!numberFromPython(v, p)) throw std::runtime_error("when returned " + std::string(py::str(py::type::of(v).attr("__name__"))) + ", not a probability or a bool");
        return p;
    }
    // Scores (numbers, one per candidate) or an ordering (candidate ids, unlisted ones after).
    static std::vector<double> scores(const py::object& r, const core::ClarificationExample& t) {
        if (py::isinstance<py::str>(r) || (!py::isinstance<py::sequence>(r) && !py::hasattr(r, "__len__")))
            throw std::runtime_error("what returned " + std::string(py::str(py::type::of(r).attr("__name__"))) + ", not a sequence of scores or question ids");
        const py::list items = py::list(r);
        std::vector<double> out(t.candidates.size(), 0.0);
        if (items.empty()) return out;
        if (!py::isinstance<py::str>(items[0])) {
            if (items.size() != t.candidates.size())
                return std::vector<double>(items.size(), 0.0);  // core::predictOne names the count mismatch
            for (std::size_t i = 0; i < items.size(); ++i)
                if (!numberFromPython(items[i], out[i])) throw std::runtime_error("what: score " + std::to_string(i + 1) + " is not a number");
            return out;
        }
        std::vector<std::string> ids;
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (!py::isinstance<py::str>(items[i])) throw std::runtime_error("what: entry " + std::to_string(i + 1) + " is not a question id");
            ids.push_back(items[i].cast<std::string>());
        }
        return core::scoresFromOrdering(ids, t);
    }

    py::object when_, what_;
    std::atomic<bool>& cancel_;
};

py::object jsonToPython(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

}  // namespace nlp_bindings

void bindNlp(py::module_& m) {
    using namespace nlp_bindings;
    m.def("_run_clarification",
          [](const std::string& db, const std::string& name, const py::object& when, const py::object& what, const std::string& label,
             const py::object& tasks, const py::object& progress) {
              std::atomic<bool> cancel{false};
              PythonModel model(when, what, cancel);
              catalog::Catalog cat(db, catalog::OpenMode::ReadWrite);
              catalog::ClarificationRunOptions o;
              o.name = name;
              o.script = label;
              o.config = nlohmann::json{{"model", label}, {"source", "python"}}.dump();
              std::set<std::string> only;
              if (!tasks.is_none()) {
                  for (const auto& id : tasks) only.insert(py::str(id));
                  o.only = &only;
              }
              o.cancel = &cancel;
              o.progress = [&](int done, int total) {
                  if (PyErr_CheckSignals() != 0) {  // Ctrl-C between tasks
                      PyErr_Clear();
                      cancel = true;
                  }
                  if (!progress.is_none()) progress(done, total);
              };
              const auto report = catalog::runClarification(cat, model, o);
              if (report.cancelled) {  // the finished tasks are stored
                  PyErr_SetNone(PyExc_KeyboardInterrupt);
                  throw py::error_already_set();
              }
              nlohmann::json j = catalog::clarificationSummary(cat, report.experiment.id).toJson();
              j["experiment"] = report.experiment.name;
              j["kind"] = report.experiment.kind;
              j["run"] = {{"tasks", report.tasks}, {"stored", report.stored}, {"errors", report.errors}};
              return jsonToPython(j);
          },
          py::arg("db"), py::arg("name"), py::arg("when"), py::arg("what"), py::arg("label"), py::arg("tasks") = py::none(),
          py::arg("progress") = py::none());
    m.def("_clarification_summary", [](const std::string& db, const std::string& name) {
        const catalog::Catalog cat(db, catalog::OpenMode::ReadOnly);
        const auto e = cat.experiment(name);
        if (!e) throw std::invalid_argument(db + ": no experiment named '" + name + "'");
        if (e->kind != catalog::kClarificationExperiment) throw std::invalid_argument(db + ": experiment '" + name + "' is a " + e->kind + " experiment");
        nlohmann::json j = catalog::clarificationSummary(cat, e->id).toJson();
        j["experiment"] = e->name;
        j["predictions"] = nlohmann::json::array();
        for (const auto& p : cat.clarificationPredictions(e->id))
            j["predictions"].push_back({{"task", p.taskId},
                                        {"needs_probability", p.needsProbability ? nlohmann::json(*p.needsProbability) : nlohmann::json()},
                                        {"gold_needs", p.goldNeeds ? nlohmann::json(*p.goldNeeds) : nlohmann::json()},
                                        {"gold_question", p.goldQuestion},
                                        {"gold_rank", p.goldRank ? nlohmann::json(*p.goldRank) : nlohmann::json()},
                                        {"top", p.top},
                                        {"error", p.error}});
        return jsonToPython(j);
    }, py::arg("db"), py::arg("name"));
}

}  // namespace iglu::python
