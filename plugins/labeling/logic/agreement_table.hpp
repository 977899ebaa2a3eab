#pragma once
// Agreement between labelings per skill, computed from the catalog's labels (Qt-free):
//   "human vs auto"  the newest human label of each (task, skill) (any labeler) against the
//                    automatic one, on tasks that have both;
//   "A vs B"         every pair of human labelers, on the (task, skill) pairs both labeled.
// Each row keeps the tasks where the two disagree, with what each side said.
#include <optional>
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/skills/agreement.hpp"

namespace iglu::plugins::labeling {

/// A task where the two sides of a comparison disagree.
struct Disagreement {
    std::string taskId;
    bool first = false;              ///< auto (or the first labeler)
    bool second = false;             ///< human (or the second labeler)
};

struct AgreementRow {
    std::string comparison;          ///< "human vs auto" or "alice vs bob"
    std::string firstName, secondName;  ///< "auto" / "human", or the two labelers
    core::Skill skill = core::Skill::Flat;
    core::Agreement agreement;       ///< predicted = auto (or the first labeler), reference = human (the second)
    std::vector<Disagreement> disagreeing;
};

std::vector<AgreementRow> computeAgreement(const catalog::Catalog& catalog);

/// A ratio of the table, or nullopt where it is undefined: no pair compared (n = 0), or a
/// denominator of zero (precision with nothing predicted yes, ...). Shown as "—", never as 0.00.
std::optional<double> precisionOf(const core::Agreement& a);
std::optional<double> recallOf(const core::Agreement& a);
std::optional<double> f1Of(const core::Agreement& a);
std::optional<double> kappaOf(const core::Agreement& a);

/// One line for a disagreeing task: "CQ-game-7 — Build a red tower…: auto yes, human no"; the
/// instruction is shortened to `maxInstruction` characters; an empty one reads "no instruction
/// recorded".
std::string describeDisagreement(const AgreementRow& row, const Disagreement& d, const std::string& instruction,
                                 std::size_t maxInstruction = 70);

}  // namespace iglu::plugins::labeling
