#pragma once
// Grounding rules for quick language agents (`iglu.text` in Lua, `iglu.text_ground` in Python):
// an instruction and the start grid -> the blocks to place and remove, clause by clause, each
// with candidates, a confidence and a trace of what matched. Rule-based, deterministic, bounded:
// the instruction is cut at kMaxInstructionBytes, at most kMaxClauses clauses, kMaxCandidates
// candidates per clause, kMaxBlocksPerCandidate blocks per candidate, counts clipped to kMaxCount.
//
// Conventions (core/env/compass.hpp): north is -z, east +x, south +z, west -x; an instruction
// without "facing ..." is read facing north; "left" / "right" / "front" / "behind" turn with the
// facing (facing north: right = east, front = north). y = -1 is the ground layer.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid/grid.hpp"

namespace iglu::core::text {

inline constexpr std::size_t kMaxInstructionBytes = 4096;
inline constexpr int kMaxClauses = 16;
inline constexpr int kMaxCandidates = 4;
inline constexpr int kMaxBlocksPerCandidate = 64;
inline constexpr int kMaxCount = 30;

enum class Verb { Place, Remove };

/// One reading of a clause: blocks to place (Verb::Place) or remove (colour = the block's).
struct Candidate {
    std::vector<Block> blocks;
    double confidence = 0;
    std::string reading;  ///< e.g. "column of 5 purple at (0,-1,0)"
};

struct Clause {
    std::string text;  ///< the clause's words, lower case
    Verb verb = Verb::Place;
    std::vector<std::string> trace;     ///< what matched: "colour 'purple' -> 5", ...
    std::vector<Candidate> candidates;  ///< best first; empty when nothing could be grounded
};

struct Grounding {
    std::vector<Clause> clauses;
    Grid predicted;                  ///< start with the best candidate of every clause applied in order
    std::vector<Block> placed;       ///< blocks the prediction adds (x, y, z, colour)
    std::vector<Block> removed;      ///< blocks the prediction removes (their start colour)
    double confidence = 0;           ///< product of the chosen candidates' confidences (0 when none)
    std::vector<std::string> notes;  ///< input-level notes (cut text, clause limit, facing)
};

/// Grounds `instruction` (any bytes; not UTF-8 or not ASCII letters are separators) on `start`.
/// Never throws for any input text.
Grounding ground(std::string_view instruction, const Grid& start);

// --- the lexicon, also useful alone ---------------------------------------------------------------
/// Colour id 1..6 of a colour word or synonym ("violet" -> purple), 0 when not a colour.
int colourWord(std::string_view lowerWord) noexcept;
/// The value of a number word or digits ("five", "12", "a"), -1 when not a number; numbers above
/// 1000 (or too long to read) give 1001 so callers can clip them.
int numberWord(std::string_view lowerWord) noexcept;
/// Compass word ("north", "northwest"...) as a unit floor vector; false when not one.
bool compassWord(std::string_view lowerWord, int& dx, int& dz) noexcept;

}  // namespace iglu::core::text
