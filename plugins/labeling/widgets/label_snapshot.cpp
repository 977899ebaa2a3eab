#include "label_snapshot.hpp"

#include <utility>

namespace iglu::plugins::labeling {

LabelSnapshot readSnapshot(const catalog::Catalog& catalog, const std::string& taskId, const std::string& labeler) {
    LabelSnapshot s;
    for (const auto& l : catalog.labels(taskId))
        if (l.source == catalog::LabelSource::Human && l.labeler == labeler)
            s.skills[static_cast<std::size_t>(l.skill)] = l.value;
    s.note = catalog.note(taskId);
    return s;
}

void writeSnapshot(catalog::Catalog& catalog, const std::string& taskId, const std::string& labeler, const LabelSnapshot& s) {
    catalog.transaction([&] {
        for (auto skill : core::kAllSkills) {
            const auto& v = s.skills[static_cast<std::size_t>(skill)];
            if (v) catalog.putLabel({taskId, skill, *v, catalog::LabelSource::Human, labeler, "", ""});
            else catalog.removeLabel(taskId, skill, catalog::LabelSource::Human, labeler);
        }
        if (catalog.note(taskId) != s.note) catalog.setNote(taskId, s.note);
    });
}

LabelCommand::LabelCommand(catalog::Catalog& catalog, std::string taskId, std::string labeler, LabelSnapshot before,
                           LabelSnapshot after, const QString& text, std::function<void(const std::string&)> changed)
    : QUndoCommand(text), catalog_(catalog), taskId_(std::move(taskId)), labeler_(std::move(labeler)),
      before_(std::move(before)), after_(std::move(after)), changed_(std::move(changed)) {}

void LabelCommand::undo() {
    writeSnapshot(catalog_, taskId_, labeler_, before_);
    applied_ = false;
    if (changed_) changed_(taskId_);
}

void LabelCommand::redo() {
    if (applied_) return;  // the change is already in the catalog (first push)
    writeSnapshot(catalog_, taskId_, labeler_, after_);
    applied_ = true;
    if (changed_) changed_(taskId_);
}

}  // namespace iglu::plugins::labeling
