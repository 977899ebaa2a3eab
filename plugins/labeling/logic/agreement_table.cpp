#include "agreement_table.hpp"

#include <map>
#include <set>
#include <utility>

namespace iglu::plugins::labeling {

namespace {
using Key = std::pair<std::string, core::Skill>;  // (task, skill)

void addRows(const std::string& name, const std::map<Key, bool>& predicted, const std::map<Key, bool>& reference,
             std::vector<AgreementRow>& out) {
    for (auto skill : core::kAllSkills) {
        AgreementRow row{name, skill, {}, {}};
        for (const auto& [key, ref] : reference) {
            if (key.second != skill) continue;
            const auto it = predicted.find(key);
            if (it == predicted.end()) continue;
            row.agreement.add(it->second, ref);
            if (it->second != ref) row.disagreeing.push_back(key.first);
        }
        out.push_back(std::move(row));
    }
}
}  // namespace

std::vector<AgreementRow> computeAgreement(const catalog::Catalog& catalog) {
    std::map<Key, bool> human, automatic;
    std::map<std::string, std::map<Key, bool>> byLabeler;
    for (const auto& l : catalog.allLabels()) {  // ordered by time: newer labels overwrite older ones
        const Key key{l.taskId, l.skill};
        if (l.source == catalog::LabelSource::Auto) {
            automatic[key] = l.value;
        } else {
            human[key] = l.value;
            byLabeler[l.labeler][key] = l.value;
        }
    }
    std::vector<AgreementRow> rows;
    addRows("human vs auto", automatic, human, rows);
    for (auto a = byLabeler.begin(); a != byLabeler.end(); ++a)
        for (auto b = std::next(a); b != byLabeler.end(); ++b) addRows(a->first + " vs " + b->first, a->second, b->second, rows);
    return rows;
}

}  // namespace iglu::plugins::labeling
