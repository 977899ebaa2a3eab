#include "uncertainty_wording.hpp"

#include <cctype>
#include <cstdio>

namespace iglu::plugins::labeling {

namespace {
const char* yesNo(bool v) { return v ? "yes" : "no"; }
std::string probability(double p) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", p);
    return buf;
}
}  // namespace

std::string modelUnsureReason(core::Skill skill, double p) {
    return std::string("the model is unsure about ") + core::skillName(skill) + ": probability " + probability(p) +
           " is near 0.5";
}

std::string modelAgainstRulesReason(core::Skill skill, double p, bool rules) {
    return std::string("the model and the rules disagree about ") + core::skillName(skill) + ": the model says " +
           yesNo(p >= 0.5) + " (probability " + probability(p) + "), the rules say " + yesNo(rules);
}

std::string opinionsText(const std::vector<LabelerOpinion>& opinions) {
    std::string out;
    for (const auto& o : opinions) out += (out.empty() ? "" : ", ") + o.labeler + " says " + yesNo(o.value);
    return out;
}

std::string labelersDisagreeReason(core::Skill skill, const std::vector<LabelerOpinion>& opinions) {
    return std::string("labelers disagree about ") + core::skillName(skill) + ": " + opinionsText(opinions);
}

std::string finalLabelReason(bool value, const std::string& reviewer) {
    return std::string("final label: ") + yesNo(value) + (reviewer.empty() ? "" : ", set by " + reviewer);
}

std::string sentences(const std::vector<std::string>& reasons) {
    std::string out;
    for (const auto& r : reasons) {
        if (r.empty()) continue;
        std::string s = r;
        s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
        out += (out.empty() ? "" : " ") + s + ".";
    }
    return out;
}

}  // namespace iglu::plugins::labeling
