#include "core/conformance/report.hpp"

namespace iglu::core::conformance {

std::string Failure::toString() const {
    std::string s = source;
    if (step >= 0) s += " step " + std::to_string(step);
    s += ": " + field + ": " + message;
    return s;
}

void addFailure(CheckResult& r, int step, std::string field, std::string message) {
    if (static_cast<int>(r.failures.size()) >= kMaxFailuresPerSource) {
        ++r.more;
        return;
    }
    r.failures.push_back({r.source, step, std::move(field), std::move(message)});
}

}  // namespace iglu::core::conformance
