#pragma once
// Who is labeling (Qt-free): the rule for a usable labeler name and the decision "must the
// labeler's name be asked before this labeling action?". The Labeling dock asks once (the dialog of
// widgets/labeler_name_dialog.hpp) and keeps the answer; it never labels under a name nobody chose.
#include <string>
#include <string_view>

namespace iglu::plugins::labeling {

/// The name the dock browses under before anyone gave a name: never written (labelerNameProblem
/// refuses it, so no person can take it).
inline constexpr const char* kNoLabelerYet = "(no name yet)";

/// Why `name` cannot label, in a sentence, or "" when it can: empty or blank, a placeholder
/// ("labeler"), or a name the program writes under (the auto-labeler, the skill model, final
/// review labels, kNoLabelerYet). Surrounding spaces are ignored.
std::string labelerNameProblem(std::string_view name);

/// The name with surrounding spaces removed.
std::string trimmedLabelerName(std::string_view name);

/// Before a labeling action: use the name typed in the dock when usable, else the stored one
/// (QSettings, from an earlier answer) when usable, else ask.
struct LabelerNameDecision {
    bool ask = false;
    std::string name;  ///< the name to label under (empty when asking)
};
LabelerNameDecision decideLabelerName(std::string_view typed, std::string_view stored);

}  // namespace iglu::plugins::labeling
