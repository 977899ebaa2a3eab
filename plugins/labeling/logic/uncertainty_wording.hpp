#pragma once
// The plain-words reasons a task needs a person's look, one function per reason, so each wording
// lives here once (the Labeling dock's "why" line, the Review tab, Next Uncertain's status):
//   model unsure        "the model is unsure about tricky: probability 0.48 is near 0.5"
//   model vs rules      "the model and the rules disagree about flat: the model says yes
//                        (probability 0.71), the rules say no"
//   labelers disagree   "labelers disagree about tall: alice says yes, bob says no"
//   final label         "final label: yes, set by carol"
// Each reason is a lower-case clause; sentences() turns a list into capitalised sentences.
#include <optional>
#include <string>
#include <vector>

#include "core/skills/skill.hpp"
#include "logic/label_review.hpp"

namespace iglu::plugins::labeling {

std::string modelUnsureReason(core::Skill skill, double probability);
std::string modelAgainstRulesReason(core::Skill skill, double probability, bool rules);
std::string labelersDisagreeReason(core::Skill skill, const std::vector<LabelerOpinion>& opinions);
/// Who said what without a disagreement: "alice says yes, bob says yes".
std::string opinionsText(const std::vector<LabelerOpinion>& opinions);
std::string finalLabelReason(bool value, const std::string& reviewer);

/// "First reason. Second reason." (each capitalised, ending with a full stop); "" for none.
std::string sentences(const std::vector<std::string>& reasons);

}  // namespace iglu::plugins::labeling
