#include "datasets/import_report.hpp"

#include <cstdio>
#include <sstream>

#include "core/util/file_read.hpp"
#include "core/util/utf8.hpp"

namespace iglu::datasets {

const char* reasonName(Reason r) noexcept {
    switch (r) {
        case Reason::MissingFile: return "missing file";
        case Reason::MalformedJson: return "malformed JSON";
        case Reason::WrongType: return "wrong type";
        case Reason::UnknownBlockId: return "unknown block id";
        case Reason::OutOfZone: return "block outside the build zone";
        case Reason::DuplicateBlock: return "duplicate block";
        case Reason::BadCsvRow: return "bad CSV row";
        case Reason::BadFileName: return "unexpected file name";
        case Reason::BadTape: return "malformed tape";
        case Reason::TapeMismatch: return "tape does not replay to the stored world";
        case Reason::NoPreviousWorld: return "no previous world for the turn";
        case Reason::UnreadableFile: return "not a readable file";
        case Reason::InvalidUtf8: return "text is not UTF-8";
        case Reason::DuplicateKey: return "duplicate JSON key";
        case Reason::ChangedTask: return "changed task";
    }
    return "?";
}

DatasetError datasetError(const core::FileError& e) {
    return DatasetError(e.kind() == core::FileError::Kind::Missing ? Reason::MissingFile : Reason::UnreadableFile, e.path(), e.message());
}

std::string readDatasetFile(const std::string& path) {
    try {
        return core::readRegularFile(path);
    } catch (const core::FileError& e) {
        throw datasetError(e);
    }
}

namespace {
int issuesWith(const std::vector<ImportIssue>& issues, Reason r) {
    int n = 0;
    for (const auto& i : issues) n += i.reason == r;
    return n;
}
}  // namespace

void ImportReport::skip(const DatasetError& e) { skip(e.reason(), e.what()); }

void ImportReport::skip(Reason reason, const std::string& message) {
    ++skipped;
    ++skippedBy[reason];
    // Paths and quoted fields may hold any bytes: the report (shown, written as JSON) never fails on them.
    if (issuesWith(issues, reason) < kMaxIssuesPerReason) issues.push_back({reason, core::toValidUtf8(message)});
}

void ImportReport::warn(Reason reason, const std::string& message) {
    ++warningsBy[reason];
    if (issuesWith(issues, reason) < kMaxIssuesPerReason) issues.push_back({reason, core::toValidUtf8(message)});
}

int ImportReport::warnings() const {
    int n = 0;
    for (const auto& [r, c] : warningsBy) n += c;
    return n;
}

std::string ImportReport::summary() const {
    std::ostringstream out;
    out << kind << ": imported " << imported << ", skipped " << skipped;
    if (sessions) out << ", sessions " << sessions;
    if (rollouts) out << ", human rollouts " << rollouts;
    if (labels) out << ", labels " << labels;
    if (int w = warnings()) out << ", warnings " << w;
    if (cancelled) out << " (cancelled: re-run to finish; finished items are kept)";
    out << "\n";
    for (const auto& [r, c] : skippedBy) out << "  skipped (" << reasonName(r) << "): " << c << "\n";
    for (const auto& [r, c] : warningsBy) out << "  warning (" << reasonName(r) << "): " << c << "\n";
    for (const auto& i : issues) out << "    " << i.message << "\n";
    if (seconds > 0 && bytes > 0) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "  read %.1f MB in %.2f s (%.0f MB/s)\n", double(bytes) / 1e6, seconds,
                      double(bytes) / 1e6 / seconds);
        out << buf;
    }
    return out.str();
}

}  // namespace iglu::datasets
