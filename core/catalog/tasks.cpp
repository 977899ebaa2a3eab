// Storing and reading tasks (Catalog::putTasks, task, hasTask): what happens to a task id that is
// already in the catalog is the caller's explicit choice (TaskWrite). Also the task row's codecs
// (search text, block counts, metadata JSON) and the TaskSource names.
#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog_impl.hpp"
#include "core/util/json_parse.hpp"

namespace iglu::catalog {

namespace detail {

std::string lowerAscii(std::string s) {
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

std::string searchText(const core::Task& t) { return lowerAscii(t.id + "\n" + t.instruction + "\n" + t.dialog); }

Counts diffCounts(const core::Grid& start, const core::Grid& target) {
    Counts c;
    for (int i = 0; i < core::kCells; ++i) {
        auto s = start.cell(i), t = target.cell(i);
        if (s == t) continue;
        if (t != 0) ++c.add;
        if (s != 0) ++c.remove;
    }
    return c;
}

std::string metadataJson(const std::map<std::string, std::string>& m) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [k, v] : m) j[k] = v;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::map<std::string, std::string> parseMetadata(const std::string& text) {
    std::map<std::string, std::string> m;
    auto j = core::parseJsonOrDiscarded(text);
    if (!j.is_object()) return m;
    for (auto it = j.begin(); it != j.end(); ++it)
        m[it.key()] = it->is_string() ? it->get<std::string>() : it->dump();
    return m;
}

}  // namespace detail

using namespace detail;

const char* taskSourceName(TaskSource s) noexcept {
    switch (s) {
        case TaskSource::SingleTurn: return "singleturn";
        case TaskSource::SessionTurn: return "session";
        case TaskSource::Structure: return "structure";
        case TaskSource::Custom: return "custom";
    }
    return "custom";
}

std::optional<TaskSource> parseTaskSource(std::string_view s) noexcept {
    for (auto t : {TaskSource::SingleTurn, TaskSource::SessionTurn, TaskSource::Structure, TaskSource::Custom})
        if (s == taskSourceName(t)) return t;
    return std::nullopt;
}

std::string taskDifference(const TaskRecord& a, const TaskRecord& b) {
    if (a.task.starting != b.task.starting) return "starting blocks";
    if (a.task.target != b.task.target) return "target blocks";
    if (a.task.instruction != b.task.instruction) return "instruction";
    if (a.task.dialog != b.task.dialog) return "dialog";
    if (a.source != b.source) return "source";
    if (a.structureId != b.structureId) return "structure id";
    if (a.sessionId != b.sessionId || a.turn != b.turn) return "session turn";
    if (a.clear != b.clear) return "clarity";
    if (a.clarifyingQuestion != b.clarifyingQuestion) return "clarifying question";
    if (a.questionBankIds != b.questionBankIds) return "question-bank ids";
    if (a.partition != b.partition) return "partition";
    if (a.startingPath != b.startingPath || a.targetPath != b.targetPath) return "source files";
    if (a.task.metadata != b.task.metadata) return "metadata";
    return {};
}

void Catalog::putTasks(std::span<const TaskRecord> tasks, TaskWrite how) {
    transaction([&] {
        auto& db = impl_->db;
        auto& s = db.prepare(R"SQL(
INSERT INTO tasks(id, source, structure_id, session_id, turn, dialog, instruction, clear, clarifying_question,
  qbank, partition, starting_path, target_path, starting, target, starting_count, target_count, n_add, n_remove,
  metadata, search)
VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
ON CONFLICT(id) DO UPDATE SET source = excluded.source, structure_id = excluded.structure_id,
  session_id = excluded.session_id, turn = excluded.turn, dialog = excluded.dialog,
  instruction = excluded.instruction, clear = excluded.clear, clarifying_question = excluded.clarifying_question,
  qbank = excluded.qbank, partition = excluded.partition, starting_path = excluded.starting_path,
  target_path = excluded.target_path, starting = excluded.starting, target = excluded.target,
  starting_count = excluded.starting_count, target_count = excluded.target_count, n_add = excluded.n_add,
  n_remove = excluded.n_remove, metadata = excluded.metadata, search = excluded.search
)SQL");
        for (const auto& r : tasks) {
            if (r.task.id.empty()) throw CatalogError(path() + ": a task without an id cannot be stored");
            const auto& t = r.task;
            // Checked inside the transaction: another writer cannot slip the same id in between.
            if (const auto stored = task(t.id)) {
                const std::string differs = taskDifference(*stored, r);
                if (how == TaskWrite::New)
                    throw CatalogError(path() + ": task " + t.id + " is already in the catalog (a new task needs a new id)");
                if (differs.empty()) continue;  // the same task again: nothing changes (idempotent re-import)
                if (how == TaskWrite::NewOrSame)
                    throw CatalogError(path() + ": task " + t.id + " is already in the catalog with another " + differs +
                                       ": its rollouts, labels and episodes belong to the stored task; keep it, give the "
                                       "new one another id, or replace it together with them (replace=True)");
                // Replace: what was made against the old content goes with it.
                for (const char* sql : {"DELETE FROM episodes WHERE task_id = ?1", "DELETE FROM rollouts WHERE task_id = ?1",
                                        "DELETE FROM labels WHERE task_id = ?1", "DELETE FROM notes WHERE task_id = ?1"})
                    db.prepare(sql).bind(1, t.id).run();
                impl_->refreshSkillMasks(t.id);
            }
            auto counts = diffCounts(t.starting, t.target);
            s.reset();
            s.bind(1, t.id).bind(2, static_cast<int>(r.source)).bind(3, r.structureId).bind(4, r.sessionId);
            s.bind(5, r.turn).bind(6, t.dialog).bind(7, t.instruction);
            if (r.clear) s.bind(8, *r.clear ? 1 : 0); else s.bindNull(8);
            s.bind(9, r.clarifyingQuestion).bind(10, r.questionBankIds).bind(11, r.partition);
            s.bind(12, r.startingPath).bind(13, r.targetPath);
            s.bindBlob(14, encodeGrid(t.starting)).bindBlob(15, encodeGrid(t.target));
            s.bind(16, t.starting.count()).bind(17, t.target.count()).bind(18, counts.add).bind(19, counts.remove);
            s.bind(20, metadataJson(t.metadata)).bind(21, searchText(t));
            s.run();
        }
    });
}

TaskRecord Catalog::Impl::readTask(sql::Statement& s) const {
    TaskRecord r;
    r.task.id = s.text(0);
    r.source = static_cast<TaskSource>(std::clamp(s.int32(1), 0, 3));
    r.structureId = s.text(2);
    r.sessionId = s.text(3);
    r.turn = s.int32(4);
    r.task.dialog = s.text(5);
    r.task.instruction = s.text(6);
    if (!s.isNull(7)) r.clear = s.int64(7) != 0;
    r.clarifyingQuestion = s.text(8);
    r.questionBankIds = s.text(9);
    r.partition = s.text(10);
    r.startingPath = s.text(11);
    r.targetPath = s.text(12);
    r.task.starting = decodeGrid(s.blob(13), db.path(), "the starting grid of task " + r.task.id);
    r.task.target = decodeGrid(s.blob(14), db.path(), "the target grid of task " + r.task.id);
    r.task.metadata = parseMetadata(s.text(15));
    return r;
}

std::optional<TaskRecord> Catalog::task(const std::string& id) const {
    auto& s = impl_->db.prepare(std::string("SELECT ") + kTaskColumns + " FROM tasks WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    auto r = impl_->readTask(s);
    s.reset();
    return r;
}

bool Catalog::hasTask(const std::string& id) const {
    auto& s = impl_->db.prepare("SELECT 1 FROM tasks WHERE id = ?1");
    s.bind(1, id);
    bool found = s.step();
    s.reset();
    return found;
}

}  // namespace iglu::catalog
