#pragma once
// A building task: what the agent is told and what it must turn the starting grid into.
#include <map>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"

namespace iglu::core {

struct Task {
    std::string id;
    std::string dialog;        ///< prior conversation (architect/builder turns), may be empty
    std::string instruction;   ///< the instruction the builder acts on
    Grid starting;             ///< world at the start of the episode
    Grid target;               ///< world the instruction asks for
    std::map<std::string, std::string> metadata;  ///< optional extras (clarity, source paths, ...)

    /// The chat the environment exposes as obs['dialog']: dialog and instruction joined by a newline.
    std::string chat() const;
};

}  // namespace iglu::core
