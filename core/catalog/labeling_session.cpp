#include "core/catalog/labeling_session.hpp"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "core/catalog/task_filter.hpp"

namespace iglu::catalog {

namespace {
const std::string kNoTask;
}

LabelState readLabelState(const Catalog& catalog, const std::string& taskId, const std::string& labeler) {
    LabelState s;
    for (const auto& l : catalog.labels(taskId))
        if (l.source == LabelSource::Human && l.labeler == labeler) s.skills[static_cast<std::size_t>(l.skill)] = l.value;
    s.note = catalog.note(taskId);
    return s;
}

void writeLabelState(Catalog& catalog, const std::string& taskId, const std::string& labeler, const LabelState& state) {
    catalog.transaction([&] {
        const LabelState now = readLabelState(catalog, taskId, labeler);
        for (auto skill : core::kAllSkills) {
            const auto i = static_cast<std::size_t>(skill);
            if (state.skills[i] == now.skills[i]) continue;
            if (state.skills[i]) catalog.putLabel({taskId, skill, *state.skills[i], LabelSource::Human, labeler, "", ""});
            else catalog.removeLabel(taskId, skill, LabelSource::Human, labeler);
        }
        if (now.note != state.note) catalog.setNote(taskId, state.note);
    });
}

LabelingSession::LabelingSession(Catalog& catalog, std::string labeler, TaskFilter filter)
    : catalog_(catalog), labeler_(std::move(labeler)), filter_(std::move(filter)) {
    if (labeler_.empty()) throw CatalogError("labeling needs the labeler's name");
    refresh();
}

void LabelingSession::refresh() {
    const std::string keep = current();
    ids_.clear();
    content_.clear();
    for (auto& t : catalog_.findTasks(filter_)) {
        content_.push_back(hasContent(t) ? 1 : 0);
        ids_.push_back(std::move(t.id));
    }
    index_ = 0;
    if (!keep.empty()) select(keep);
}

const std::string& LabelingSession::current() const {
    return ids_.empty() ? kNoTask : ids_[static_cast<std::size_t>(index_)];
}

bool LabelingSession::select(const std::string& taskId) {
    auto it = std::find(ids_.begin(), ids_.end(), taskId);
    if (it == ids_.end()) return false;
    index_ = static_cast<int>(it - ids_.begin());
    return true;
}

bool LabelingSession::next() {
    for (int i = index_ + 1; i < static_cast<int>(ids_.size()); ++i)
        if (hasContentAt(i)) {
            index_ = i;
            return true;
        }
    return false;
}

bool LabelingSession::previous() {
    for (int i = index_ - 1; i >= 0; --i)
        if (hasContentAt(i)) {
            index_ = i;
            return true;
        }
    return false;
}

bool LabelingSession::completeFor(const std::string& taskId) const {
    int seen = 0;
    for (const auto& l : catalog_.labels(taskId))
        if (l.source == LabelSource::Human && l.labeler == labeler_) ++seen;
    return seen >= core::kNumSkills;
}

bool LabelingSession::nextUnlabeled() {
    const int n = static_cast<int>(ids_.size());
    const auto done = labeledSet();
    for (int k = 1; k <= n; ++k) {
        const int i = (index_ + k) % n;
        if (hasContentAt(i) && !done.count(ids_[static_cast<std::size_t>(i)])) {
            index_ = i;
            return true;
        }
    }
    return false;
}

bool LabelingSession::previousUnlabeled() {
    const int n = static_cast<int>(ids_.size());
    const auto done = labeledSet();
    for (int k = 1; k <= n; ++k) {
        const int i = ((index_ - k) % n + n) % n;
        if (hasContentAt(i) && !done.count(ids_[static_cast<std::size_t>(i)])) {
            index_ = i;
            return true;
        }
    }
    return false;
}

std::vector<SkillLabel> LabelingSession::currentLabels() const {
    return current().empty() ? std::vector<SkillLabel>{} : catalog_.labels(current());
}

std::optional<bool> LabelingSession::label(core::Skill skill) const {
    for (const auto& l : currentLabels())
        if (l.source == LabelSource::Human && l.labeler == labeler_ && l.skill == skill) return l.value;
    return std::nullopt;
}

std::optional<bool> LabelingSession::suggestion(core::Skill skill) const {
    std::optional<bool> v;
    for (const auto& l : currentLabels())  // ordered by time: the newest auto label wins
        if (l.source == LabelSource::Auto && l.skill == skill) v = l.value;
    return v;
}

std::string LabelingSession::suggestionReason(core::Skill skill) const {
    std::string reason;
    for (const auto& l : currentLabels())
        if (l.source == LabelSource::Auto && l.skill == skill) reason = l.reason;
    return reason;
}

bool LabelingSession::complete() const { return !current().empty() && completeFor(current()); }

template <class F>
LabelChange LabelingSession::record(F&& apply) {
    LabelChange c{current(), labeler_, {}, {}};
    if (c.taskId.empty()) return c;
    catalog_.transaction([&] {
        c.before = readLabelState(catalog_, c.taskId, labeler_);
        apply();
        c.after = readLabelState(catalog_, c.taskId, labeler_);
    });
    return c;
}

void LabelingSession::write(core::Skill skill, bool value, const std::string& reason) {
    catalog_.putLabel({current(), skill, value, LabelSource::Human, labeler_, reason, ""});
}

LabelChange LabelingSession::toggle(core::Skill skill) {
    return record([&] { write(skill, !label(skill).value_or(false), ""); });
}
LabelChange LabelingSession::set(core::Skill skill, bool value) {
    return record([&] { write(skill, value, ""); });
}

LabelChange LabelingSession::acceptSuggestions() {
    std::array<bool, core::kNumSkills> suggested{};
    for (core::Skill s : core::kAllSkills) suggested[static_cast<std::size_t>(s)] = suggestion(s).value_or(false);
    return acceptSuggestions(suggested);
}

LabelChange LabelingSession::acceptSuggestions(const std::array<bool, core::kNumSkills>& suggested) {
    return record([&] {
        for (core::Skill s : core::kAllSkills) write(s, suggested[static_cast<std::size_t>(s)], "accepted the automatic suggestion");
    });
}

LabelChange LabelingSession::confirm() {
    return record([&] {
        for (core::Skill s : core::kAllSkills)
            if (!label(s)) write(s, false, "");
    });
}

std::string LabelingSession::note() const { return current().empty() ? std::string() : catalog_.note(current()); }

LabelChange LabelingSession::setNote(const std::string& text) {
    return record([&] { catalog_.setNote(current(), text); });
}

void LabelingSession::undo(const LabelChange& change) {
    change.undo(catalog_);
    select(change.taskId);
}

void LabelingSession::redo(const LabelChange& change) {
    change.redo(catalog_);
    select(change.taskId);
}

std::unordered_set<std::string> LabelingSession::labeledSet() const {
    auto ids = catalog_.tasksLabeledBy(labeler_);
    return {std::make_move_iterator(ids.begin()), std::make_move_iterator(ids.end())};
}

int LabelingSession::labeledCount() const {
    const auto done = labeledSet();
    int n = 0;
    for (std::size_t i = 0; i < ids_.size(); ++i) n += content_[i] && done.count(ids_[i]) ? 1 : 0;
    return n;
}

int LabelingSession::partlyLabeledCount() const {
    std::unordered_map<std::string, int> skills;  // this labeler's labelled skills per task
    for (const auto& l : catalog_.allLabels(LabelSource::Human))
        if (l.labeler == labeler_) ++skills[l.taskId];
    int n = 0;
    for (std::size_t i = 0; i < ids_.size(); ++i) {
        const auto it = skills.find(ids_[i]);
        n += content_[i] && it != skills.end() && it->second < core::kNumSkills ? 1 : 0;
    }
    return n;
}

int LabelingSession::labelableCount() const {
    return static_cast<int>(std::count(content_.begin(), content_.end(), 1));
}

}  // namespace iglu::catalog
