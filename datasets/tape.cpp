#include "tape.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "block_ids.hpp"

namespace iglu::datasets {

namespace {

struct LineParser {
    std::string_view s;
    std::size_t pos = 0;
    const std::string& path;
    int line;

    [[noreturn]] void fail(const std::string& what) const {
        throw DatasetError(Reason::BadTape, path, "tape line " + std::to_string(line) + ": " + what);
    }
    void skipSpaces() {
        while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\r')) ++pos;
    }
    bool atEnd() {
        skipSpaces();
        return pos >= s.size();
    }
    std::string_view word() {
        skipSpaces();
        auto start = pos;
        while (pos < s.size() && s[pos] != ' ' && s[pos] != '\t' && s[pos] != '\r') ++pos;
        return s.substr(start, pos - start);
    }
    double number() {
        skipSpaces();
        double v = 0;
        auto [end, ec] = std::from_chars(s.data() + pos, s.data() + s.size(), v);
        if (ec != std::errc() || !std::isfinite(v)) fail("expected a number at column " + std::to_string(pos + 1));
        pos = static_cast<std::size_t>(end - s.data());
        return v;
    }
    void expect(char c) {
        skipSpaces();
        if (pos >= s.size() || s[pos] != c) fail(std::string("expected '") + c + "' at column " + std::to_string(pos + 1));
        ++pos;
    }
    bool peek(char c) {
        skipSpaces();
        return pos < s.size() && s[pos] == c;
    }
    // "(a, b, c...)" with exactly n numbers.
    void tuple(double* out, int n) {
        expect('(');
        for (int i = 0; i < n; ++i) {
            if (i) expect(',');
            out[i] = number();
        }
        expect(')');
    }
    long long integer(double v, const char* what) const {
        if (v != std::floor(v) || std::fabs(v) > 1e6) fail(std::string(what) + " is not an integer");
        return static_cast<long long>(v);
    }
};

}  // namespace

ParsedTape parseTape(std::string_view tape, const core::Grid& starting, const core::Pose& startPose, const std::string& path) {
    ParsedTape out;
    core::Rollout& r = out.rollout;
    r.starting = starting;
    r.startPose = startPose;
    // One frame per line, and tape lines average about 40 bytes: reserve once.
    r.frames.reserve(tape.size() / 32 + 1);
    core::Grid grid = starting;
    core::Grid recovered;
    bool inRecovery = false;
    core::Pose pose = startPose;
    std::vector<core::BlockChange> changes;
    // First turns of a session start from the empty world: their tapes open a recovery that never
    // finishes. Such a recovery is empty, and the events after it are the builder's behaviour.
    const bool recoveryFinishes = tape.find("finish_recover_world_state") != std::string_view::npos;
    int lineNo = 0;
    std::size_t begin = 0;
    while (begin <= tape.size()) {
        auto end = tape.find('\n', begin);
        if (end == std::string_view::npos) end = tape.size();
        std::string_view text = tape.substr(begin, end - begin);
        begin = end + 1;
        ++lineNo;
        LineParser p{text, 0, path, lineNo};
        if (p.atEnd()) {
            if (end == tape.size()) break;
            continue;
        }
        core::RolloutFrame frame;
        frame.tick = p.number();
        auto kind = p.word();
        changes.clear();
        if (kind == "action") {
            p.skipSpaces();
            frame.action = std::string(text.substr(p.pos));
            while (!frame.action.empty() && (frame.action.back() == '\r' || frame.action.back() == ' ')) frame.action.pop_back();
            auto name = p.word();
            if (name.empty()) p.fail("action without a name");
            if (name == "start_recover_world_state") {
                recovered.clear();
                if (recoveryFinishes) {
                    inRecovery = true;
                    out.recovered.reset();
                } else {
                    out.recovered = recovered;
                }
                continue;
            }
            if (name == "finish_recover_world_state") {
                if (!inRecovery) p.fail("finish_recover_world_state without a start");
                inRecovery = false;
                out.recovered = recovered;
                r.startPose = pose;  // the behaviour starts where the recovery left the avatar
                continue;
            }
        } else if (kind == "block_change") {
            if (!p.peek('(')) p.fail("block_change without changes");
            while (!p.atEnd()) {
                double v[5];
                p.tuple(v, 5);
                long long x = p.integer(v[0], "x"), vy = p.integer(v[1], "y"), z = p.integer(v[2], "z");
                long long oldId = p.integer(v[3], "old block id"), newId = p.integer(v[4], "new block id");
                int oldColour = colourOfBlockId(oldId), newColour = colourOfBlockId(newId);
                const std::string where = "tape line " + std::to_string(lineNo) + ": ";
                if (oldColour < 0) throw DatasetError(Reason::UnknownBlockId, path, where + "unknown block id " + std::to_string(oldId));
                if (newColour < 0) throw DatasetError(Reason::UnknownBlockId, path, where + "unknown block id " + std::to_string(newId));
                int y = igluYFromVoxel(vy);
                if (std::llabs(x) > 5 || std::llabs(z) > 5 || !core::Grid::inZone(int(x), y, int(z)))
                    throw DatasetError(Reason::OutOfZone, path, where + "block change at voxel (" + std::to_string(x) + ", " +
                                                                  std::to_string(vy) + ", " + std::to_string(z) + ") is outside the build zone");
                if (inRecovery) {
                    recovered.set(int(x), y, int(z), newColour);
                    continue;
                }
                auto idx = core::Grid::index(int(x), y, int(z));
                if (grid.cell(idx) != oldColour) ++out.staleOldValues;
                changes.push_back({static_cast<std::int8_t>(x), static_cast<std::int8_t>(y), static_cast<std::int8_t>(z),
                                   grid.cell(idx), static_cast<std::int8_t>(newColour)});
                grid.setCell(idx, static_cast<std::int8_t>(newColour));
            }
            if (inRecovery) continue;
        } else if (kind == "pos_change") {
            double v[3];
            p.tuple(v, 3);
            pose.x = v[0];
            pose.y = v[1] - kVoxelYOffset;
            pose.z = v[2];
            if (inRecovery) continue;
        } else if (kind == "set_look") {
            double v[2];
            p.tuple(v, 2);
            pose.yaw = v[0];
            pose.pitch = v[1];
            if (inRecovery) continue;
        } else if (kind.empty()) {
            p.fail("event without a kind");
        } else {
            // An event kind this version does not know: kept as text so nothing is lost.
            p.skipSpaces();
            frame.action = std::string(kind) + " " + std::string(text.substr(p.pos));
        }
        if (inRecovery) continue;
        frame.pose = pose;
        r.addFrame(std::move(frame), changes);
    }
    return out;
}

}  // namespace iglu::datasets
