#include "logic/draft_validation.hpp"

#include "core/env/inventory.hpp"

namespace iglu::plugins::editor {

namespace {

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

void checkCells(const core::Grid& g, const char* field, std::vector<DraftError>& out) {
    for (int i = 0; i < core::kCells; ++i) {
        const int c = g.cell(i);
        if (c >= 0 && c <= core::kNumColours) continue;
        const core::Block p = core::Grid::position(i);
        out.push_back({field, "the cell (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ", " + std::to_string(p.z) + ") holds " +
                                  std::to_string(c) + ", not a block colour (1..6)"});
        return;  // one is enough to say the grid is damaged
    }
}

}  // namespace

std::vector<DraftError> validateDraft(const TaskDraft& draft, const std::function<bool(const std::string&)>& idExists) {
    std::vector<DraftError> out;
    const std::string& id = draft.id;
    if (blank(id)) {
        out.push_back({"id", "empty: give the new task an id"});
    } else {
        bool spaceOrControl = false;
        for (const unsigned char ch : id) spaceOrControl |= ch <= 0x20 || ch == 0x7f;
        if (spaceOrControl) out.push_back({"id", "\"" + id + "\" holds a space or control character"});
        else if (id.size() > kMaxIdLength) out.push_back({"id", "longer than " + std::to_string(kMaxIdLength) + " characters"});
        else if (idExists && idExists(id)) out.push_back({"id", "a task \"" + id + "\" already exists: choose a new id (a saved task is never overwritten)"});
    }
    if (blank(draft.instruction)) out.push_back({"instruction", "empty: say what the builder should do"});
    checkCells(draft.start(), "start", out);
    checkCells(draft.target(), "target", out);
    if (draft.target().empty()) out.push_back({"target", "empty: place the blocks the task asks for"});
    else if (draft.target() == draft.start()) out.push_back({"target", "equals the start: the task would ask for nothing"});
    for (const auto& s : core::inventoryShortfalls(draft.start(), draft.target())) out.push_back({"target", s.message});
    return out;
}

std::string describe(const std::vector<DraftError>& errors) {
    std::string text;
    for (const auto& e : errors) text += (text.empty() ? "" : "\n") + e.field + ": " + e.message;
    return text;
}

std::string suggestId(const std::string& base, const std::function<bool(const std::string&)>& idExists) {
    const std::string stem = blank(base) ? std::string("custom") : base + "-custom";
    const auto taken = [&](const std::string& id) { return idExists && idExists(id); };
    if (!blank(base) && !taken(stem)) return stem;
    for (int n = blank(base) ? 1 : 2;; ++n)
        if (const std::string id = stem + "-" + std::to_string(n); !taken(id)) return id;
}

}  // namespace iglu::plugins::editor
