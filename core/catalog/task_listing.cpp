// Task listings (Catalog::taskCount, findTasks, loadTasks): a TaskFilter turned into one SQL
// WHERE clause over the tasks table (words, skills, clarity, source, ids, limit / offset).
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog_impl.hpp"

namespace iglu::catalog {

using namespace detail;

int Catalog::taskCount() const { return static_cast<int>(impl_->db.scalar("SELECT count(*) FROM tasks")); }

namespace {

// Builds the WHERE clause of a filter and binds its values in order.
struct WhereClause {
    std::string sql;
    struct Param {
        bool isText;
        std::string text;
        std::int64_t number;
    };
    std::vector<Param> params;
};

WhereClause buildWhere(const TaskFilter& f) {
    WhereClause w;
    w.sql = " WHERE 1";
    std::istringstream words(lowerAscii(f.text));
    for (std::string word; words >> word;) {
        w.sql += " AND instr(search, ?) > 0";
        w.params.push_back({true, word, 0});
    }
    if (!f.skills.empty()) {
        core::SkillSet want;
        for (auto s : f.skills) want.set(s);
        w.sql += " AND (((human_skills & human_mask) | (auto_skills & ~human_mask)) & ?) = ?";
        w.params.push_back({false, {}, want.bits()});
        w.params.push_back({false, {}, want.bits()});
    }
    if (f.clear) {
        w.sql += " AND clear = ?";
        w.params.push_back({false, {}, *f.clear ? 1 : 0});
    }
    if (f.source) {
        w.sql += " AND source = ?";
        w.params.push_back({false, {}, static_cast<int>(*f.source)});
    }
    if (!f.ids.empty()) {
        nlohmann::json ids = f.ids;
        w.sql += " AND id IN (SELECT value FROM json_each(?))";
        w.params.push_back({true, ids.dump(), 0});
    }
    w.sql += " ORDER BY rowid";
    if (f.limit >= 0 || f.offset > 0) {
        w.sql += " LIMIT ? OFFSET ?";
        w.params.push_back({false, {}, f.limit});
        w.params.push_back({false, {}, std::max(0, f.offset)});
    }
    return w;
}

void bindWhere(sql::Statement& s, const WhereClause& w) {
    int i = 1;
    for (const auto& p : w.params) {
        if (p.isText) s.bind(i, p.text); else s.bind(i, p.number);
        ++i;
    }
}

}  // namespace

std::vector<TaskSummary> Catalog::findTasks(const TaskFilter& filter) const {
    auto w = buildWhere(filter);
    auto& s = impl_->db.prepare(
        "SELECT id, source, structure_id, instruction, clear, starting_count, target_count, n_add, n_remove, "
        "human_skills, human_mask, auto_skills FROM tasks" + w.sql);
    bindWhere(s, w);
    std::vector<TaskSummary> out;
    while (s.step()) {
        TaskSummary t;
        t.id = s.text(0);
        t.source = static_cast<TaskSource>(std::clamp(s.int32(1), 0, 3));
        t.structureId = s.text(2);
        t.instruction = s.text(3);
        if (!s.isNull(4)) t.clear = s.int64(4) != 0;
        t.startingBlocks = s.int32(5);
        t.targetBlocks = s.int32(6);
        t.blocksToAdd = s.int32(7);
        t.blocksToRemove = s.int32(8);
        t.humanSkills = core::SkillSet(static_cast<std::uint8_t>(s.int64(9) & s.int64(10)));
        t.humanLabeled = s.int64(10) != 0;
        t.autoSkills = core::SkillSet(static_cast<std::uint8_t>(s.int64(11)));
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<TaskRecord> Catalog::loadTasks(const TaskFilter& filter) const {
    auto w = buildWhere(filter);
    auto& s = impl_->db.prepare(std::string("SELECT ") + kTaskColumns + " FROM tasks" + w.sql);
    bindWhere(s, w);
    std::vector<TaskRecord> out;
    while (s.step()) out.push_back(impl_->readTask(s));
    return out;
}

}  // namespace iglu::catalog
