#include "logic/task_draft.hpp"

#include <algorithm>

namespace iglu::plugins::editor {

using core::Grid;

const char* sideName(Side s) noexcept { return s == Side::Start ? "start" : "target"; }

std::string outsideZone(int x, int y, int z) {
    return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ") is outside the zone (x " +
           std::to_string(core::kMinX) + ".." + std::to_string(core::kMaxX) + ", y " + std::to_string(core::kMinY) + ".." +
           std::to_string(core::kMaxY) + ", z " + std::to_string(core::kMinZ) + ".." + std::to_string(core::kMaxZ) + ")";
}

namespace {
std::string at(int x, int y, int z) {
    return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ")";
}
bool isColour(int c) { return c >= 1 && c <= core::kNumColours; }
std::string badColour(int c) { return "colour " + std::to_string(c) + " is not a block colour (1 blue .. 6 yellow)"; }
}  // namespace

TaskDraft TaskDraft::copyOf(const core::Task& task) {
    TaskDraft d;
    d.start_ = task.starting;
    d.target_ = task.target;
    d.instruction = task.instruction;
    d.dialog = task.dialog;
    d.derivedFrom = task.id;
    return d;
}

Outcome TaskDraft::commit(const std::string& name, const Grid& start, const Grid& target) {
    undo_.push_back({name, start_, target_});
    if (undo_.size() > kMaxHistory) undo_.erase(undo_.begin());
    redo_.clear();
    start_ = start;
    target_ = target;
    return Outcome::done();
}

Outcome TaskDraft::place(int x, int y, int z, int colour) {
    const std::string where = std::string(sideName(editing_)) + ": ";
    if (!Grid::inZone(x, y, z)) return Outcome::refused(where + "cannot place: " + outsideZone(x, y, z));
    if (!isColour(colour)) return Outcome::refused(where + "cannot place: " + badColour(colour));
    if (edited().at(x, y, z) != 0)
        return Outcome::refused(where + "cannot place: " + at(x, y, z) + " already holds a " + core::colourName(edited().at(x, y, z)) +
                                " block (recolour it, or remove it first)");
    Grid g = edited();
    g.set(x, y, z, colour);
    return editing_ == Side::Start ? commit("place", g, target_) : commit("place", start_, g);
}

Outcome TaskDraft::remove(int x, int y, int z) {
    const std::string where = std::string(sideName(editing_)) + ": ";
    if (!Grid::inZone(x, y, z)) return Outcome::refused(where + "cannot remove: " + outsideZone(x, y, z));
    if (edited().at(x, y, z) == 0) return Outcome::refused(where + "cannot remove: no block at " + at(x, y, z));
    Grid g = edited();
    g.set(x, y, z, 0);
    return editing_ == Side::Start ? commit("remove", g, target_) : commit("remove", start_, g);
}

Outcome TaskDraft::recolour(int x, int y, int z, int colour) {
    const std::string where = std::string(sideName(editing_)) + ": ";
    if (!Grid::inZone(x, y, z)) return Outcome::refused(where + "cannot recolour: " + outsideZone(x, y, z));
    if (!isColour(colour)) return Outcome::refused(where + "cannot recolour: " + badColour(colour));
    if (edited().at(x, y, z) == 0) return Outcome::refused(where + "cannot recolour: no block at " + at(x, y, z));
    Grid g = edited();
    g.set(x, y, z, colour);
    return editing_ == Side::Start ? commit("recolour", g, target_) : commit("recolour", start_, g);
}

Outcome TaskDraft::fill(const core::Block& a, const core::Block& b, int colour) {
    const std::string where = std::string(sideName(editing_)) + ": ";
    for (const auto& c : {a, b})
        if (!Grid::inZone(c.x, c.y, c.z)) return Outcome::refused(where + "cannot fill the box: corner " + outsideZone(c.x, c.y, c.z));
    if (colour != 0 && !isColour(colour)) return Outcome::refused(where + "cannot fill the box: " + badColour(colour));
    Grid g = edited();
    for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x)
        for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
            for (int z = std::min(a.z, b.z); z <= std::max(a.z, b.z); ++z) g.set(x, y, z, colour);
    const std::string name = colour == 0 ? "clear box" : "fill box";
    return editing_ == Side::Start ? commit(name, g, target_) : commit(name, start_, g);
}

Outcome TaskDraft::copyStartToTarget() { return commit("copy start to target", start_, start_); }

Outcome TaskDraft::mirror(Axis axis) {
    Grid g;
    for (const auto& b : edited().blocks()) {
        const int x = axis == Axis::X ? -b.x : b.x, z = axis == Axis::Z ? -b.z : b.z;
        if (!Grid::inZone(x, b.y, z))  // never for the symmetric zone; kept should the zone change
            return Outcome::refused(std::string(sideName(editing_)) + ": cannot mirror: the block at " + at(b.x, b.y, b.z) +
                                    " would go to " + outsideZone(x, b.y, z));
        g.set(x, b.y, z, b.colour);
    }
    const std::string name = axis == Axis::X ? "mirror x" : "mirror z";
    return editing_ == Side::Start ? commit(name, g, target_) : commit(name, start_, g);
}

Outcome TaskDraft::rotate() {
    Grid g;
    for (const auto& b : edited().blocks()) {
        const int x = -b.z, z = b.x;
        if (!Grid::inZone(x, b.y, z))  // never for the square zone centred on (0, 0)
            return Outcome::refused(std::string(sideName(editing_)) + ": cannot rotate: the block at " + at(b.x, b.y, b.z) +
                                    " would go to " + outsideZone(x, b.y, z));
        g.set(x, b.y, z, b.colour);
    }
    return editing_ == Side::Start ? commit("rotate", g, target_) : commit("rotate", start_, g);
}

Outcome TaskDraft::shift(int dx, int dy, int dz) {
    Grid g;
    int outside = 0;
    std::string first;
    for (const auto& b : edited().blocks()) {
        const long x = static_cast<long>(b.x) + dx, y = static_cast<long>(b.y) + dy, z = static_cast<long>(b.z) + dz;
        if (x < core::kMinX || x > core::kMaxX || y < core::kMinY || y > core::kMaxY || z < core::kMinZ || z > core::kMaxZ) {
            if (outside++ == 0)
                first = at(b.x, b.y, b.z) + " would go to " + outsideZone(static_cast<int>(x), static_cast<int>(y), static_cast<int>(z));
            continue;
        }
        g.set(static_cast<int>(x), static_cast<int>(y), static_cast<int>(z), b.colour);
    }
    if (outside > 0)
        return Outcome::refused(std::string(sideName(editing_)) + ": cannot shift by (" + std::to_string(dx) + ", " + std::to_string(dy) +
                                ", " + std::to_string(dz) + "): " + std::to_string(outside) + (outside == 1 ? " block" : " blocks") +
                                " would leave the zone, the first " + first + "; nothing was moved");
    return editing_ == Side::Start ? commit("shift", g, target_) : commit("shift", start_, g);
}

Outcome TaskDraft::setGrids(const Grid& start, const Grid& target) { return commit("replace grids", start, target); }

bool TaskDraft::undo() {
    if (undo_.empty()) return false;
    Step s = std::move(undo_.back());
    undo_.pop_back();
    std::swap(s.start, start_);
    std::swap(s.target, target_);
    redo_.push_back(std::move(s));
    return true;
}

bool TaskDraft::redo() {
    if (redo_.empty()) return false;
    Step s = std::move(redo_.back());
    redo_.pop_back();
    std::swap(s.start, start_);
    std::swap(s.target, target_);
    undo_.push_back(std::move(s));
    return true;
}

std::string TaskDraft::undoText() const { return undo_.empty() ? std::string() : undo_.back().name; }
std::string TaskDraft::redoText() const { return redo_.empty() ? std::string() : redo_.back().name; }

void TaskDraft::clearHistory() noexcept {
    undo_.clear();
    redo_.clear();
}

core::Task TaskDraft::toTask() const {
    core::Task t;
    t.id = id;
    t.instruction = instruction;
    t.dialog = dialog;
    t.starting = start_;
    t.target = target_;
    if (!derivedFrom.empty()) t.metadata["derived_from"] = derivedFrom;
    return t;
}

}  // namespace iglu::plugins::editor
