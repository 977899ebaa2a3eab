#pragma once
// Agreement between labelings per skill, computed from the catalog's labels (Qt-free):
//   "human vs auto"  the newest human label of each (task, skill) (any labeler) against the
//                    automatic one, on tasks that have both;
//   "A vs B"         every pair of human labelers, on the (task, skill) pairs both labeled.
// Each row keeps the ids of the tasks where the two disagree.
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/skills/agreement.hpp"

namespace iglu::plugins::labeling {

struct AgreementRow {
    std::string comparison;          ///< "human vs auto" or "alice vs bob"
    core::Skill skill = core::Skill::Flat;
    core::Agreement agreement;       ///< predicted = auto (or the first labeler), reference = human (the second)
    std::vector<std::string> disagreeing;
};

std::vector<AgreementRow> computeAgreement(const catalog::Catalog& catalog);

}  // namespace iglu::plugins::labeling
