#include "agreement_table.hpp"

#include <map>
#include <set>
#include <utility>

namespace iglu::plugins::labeling {

namespace {
using Key = std::pair<std::string, core::Skill>;  // (task, skill)

void addRows(const std::string& first, const std::string& second, const std::map<Key, bool>& predicted,
             const std::map<Key, bool>& reference, std::vector<AgreementRow>& out) {
    const std::string name = first == "auto" ? second + " vs " + first : first + " vs " + second;
    for (auto skill : core::kAllSkills) {
        AgreementRow row{name, first, second, skill, {}, {}};
        for (const auto& [key, ref] : reference) {
            if (key.second != skill) continue;
            const auto it = predicted.find(key);
            if (it == predicted.end()) continue;
            row.agreement.add(it->second, ref);
            if (it->second != ref) row.disagreeing.push_back({key.first, it->second, ref});
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
    addRows("auto", "human", automatic, human, rows);
    for (auto a = byLabeler.begin(); a != byLabeler.end(); ++a)
        for (auto b = std::next(a); b != byLabeler.end(); ++b) addRows(a->first, b->first, a->second, b->second, rows);
    return rows;
}

std::optional<double> precisionOf(const core::Agreement& a) {
    return a.tp + a.fp > 0 ? std::optional<double>(a.precision()) : std::nullopt;
}
std::optional<double> recallOf(const core::Agreement& a) {
    return a.tp + a.fn > 0 ? std::optional<double>(a.recall()) : std::nullopt;
}
std::optional<double> f1Of(const core::Agreement& a) {
    return 2 * a.tp + a.fp + a.fn > 0 ? std::optional<double>(a.f1()) : std::nullopt;
}
std::optional<double> kappaOf(const core::Agreement& a) {
    return a.total() > 0 ? std::optional<double>(a.kappa()) : std::nullopt;
}

std::string describeDisagreement(const AgreementRow& row, const Disagreement& d, const std::string& instruction,
                                 std::size_t maxInstruction) {
    std::string text = instruction;
    for (char& c : text)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (text.empty()) text = "no instruction recorded";
    if (text.size() > maxInstruction) {
        std::size_t cut = maxInstruction;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
        text = text.substr(0, cut) + "\u2026";
    }
    const auto yesNo = [](bool v) { return v ? "yes" : "no"; };
    return d.taskId + " \u2014 " + text + ": " + row.firstName + " " + yesNo(d.first) + ", " + row.secondName + " " +
           yesNo(d.second);
}

}  // namespace iglu::plugins::labeling
