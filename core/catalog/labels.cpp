// The labels and notes tables (Catalog::putLabels, labels, tasksLabeledBy, setNote, ...): skill
// labels keyed by (task, skill, source, labeler), with the task row's skill masks kept in step.
#include <set>
#include <string>

#include "catalog_impl.hpp"

namespace iglu::catalog {

using namespace detail;

namespace {

LabelSource parseLabelSource(const std::string& s) { return s == "auto" ? LabelSource::Auto : LabelSource::Human; }

}  // namespace

const char* labelSourceName(LabelSource s) noexcept { return s == LabelSource::Auto ? "auto" : "human"; }

void Catalog::Impl::refreshSkillMasks(const std::string& taskId) {
    // Latest label per (skill, source) decides; ties in time go to the later write (rowid order is not
    // available in a WITHOUT ROWID table, so labeler name breaks ties deterministically).
    auto& s = db.prepare("SELECT skill, value, source FROM labels WHERE task_id = ?1 ORDER BY time, labeler");
    s.bind(1, taskId);
    core::SkillSet human, mask, autoSkills;
    while (s.step()) {
        auto skill = core::parseSkill(s.text(0));
        if (!skill) continue;
        bool value = s.int64(1) != 0;
        if (s.text(2) == "auto") {
            autoSkills.set(*skill, value);
        } else {
            human.set(*skill, value);
            mask.set(*skill);
        }
    }
    auto& u = db.prepare("UPDATE tasks SET human_skills = ?1, human_mask = ?2, auto_skills = ?3 WHERE id = ?4");
    u.bind(1, human.bits()).bind(2, mask.bits()).bind(3, autoSkills.bits()).bind(4, taskId).run();
}

void Catalog::putLabels(std::span<const SkillLabel> labels) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "INSERT INTO labels(task_id, skill, value, source, labeler, reason, time) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) "
            "ON CONFLICT(task_id, skill, source, labeler) DO UPDATE SET value = excluded.value, "
            "reason = excluded.reason, time = excluded.time");
        std::set<std::string> touched;
        const std::string now = utcNow();
        for (const auto& l : labels) {
            s.reset();
            s.bind(1, l.taskId).bind(2, core::skillName(l.skill)).bind(3, l.value ? 1 : 0);
            s.bind(4, labelSourceName(l.source)).bind(5, l.labeler).bind(6, l.reason);
            s.bind(7, l.time.empty() ? now : l.time).run();
            touched.insert(l.taskId);
        }
        for (const auto& id : touched) impl_->refreshSkillMasks(id);
    });
}

void Catalog::removeLabel(const std::string& taskId, core::Skill skill, LabelSource source, const std::string& labeler) {
    transaction([&] {
        auto& s = impl_->db.prepare(
            "DELETE FROM labels WHERE task_id = ?1 AND skill = ?2 AND source = ?3 AND labeler = ?4");
        s.bind(1, taskId).bind(2, core::skillName(skill)).bind(3, labelSourceName(source)).bind(4, labeler).run();
        impl_->refreshSkillMasks(taskId);
    });
}

namespace {
SkillLabel readLabel(sql::Statement& s) {
    SkillLabel l;
    l.taskId = s.text(0);
    l.skill = core::parseSkill(s.text(1)).value_or(core::Skill::Flat);
    l.value = s.int64(2) != 0;
    l.source = parseLabelSource(s.text(3));
    l.labeler = s.text(4);
    l.reason = s.text(5);
    l.time = s.text(6);
    return l;
}
}  // namespace

std::vector<SkillLabel> Catalog::labels(const std::string& taskId) const {
    auto& s = impl_->db.prepare(
        "SELECT task_id, skill, value, source, labeler, reason, time FROM labels WHERE task_id = ?1 ORDER BY time, labeler");
    s.bind(1, taskId);
    std::vector<SkillLabel> out;
    while (s.step()) out.push_back(readLabel(s));
    return out;
}

std::vector<SkillLabel> Catalog::allLabels(std::optional<LabelSource> source) const {
    auto& s = impl_->db.prepare(
        "SELECT task_id, skill, value, source, labeler, reason, time FROM labels "
        "WHERE ?1 IS NULL OR source = ?1 ORDER BY task_id, time, labeler");
    if (source) s.bind(1, labelSourceName(*source)); else s.bindNull(1);
    std::vector<SkillLabel> out;
    while (s.step()) out.push_back(readLabel(s));
    return out;
}

std::vector<std::string> Catalog::tasksLabeledBy(const std::string& labeler) const {
    auto& s = impl_->db.prepare(
        "SELECT task_id FROM labels WHERE source = 'human' AND labeler = ?1 GROUP BY task_id HAVING count(*) >= ?2");
    s.bind(1, labeler).bind(2, core::kNumSkills);
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

void Catalog::setNote(const std::string& taskId, const std::string& text) {
    auto& s = impl_->db.prepare(
        "INSERT INTO notes(task_id, text, updated) VALUES(?1, ?2, ?3) "
        "ON CONFLICT(task_id) DO UPDATE SET text = excluded.text, updated = excluded.updated");
    s.bind(1, taskId).bind(2, text).bind(3, utcNow()).run();
}

std::string Catalog::note(const std::string& taskId) const {
    auto& s = impl_->db.prepare("SELECT text FROM notes WHERE task_id = ?1");
    s.bind(1, taskId);
    std::string text = s.step() ? s.text(0) : std::string();
    s.reset();
    return text;
}

}  // namespace iglu::catalog
