#pragma once
// Where an agent's published belief goes: the blocks it predicts the target to be, from the state
// it is observing on. Lua agents publish with obs:publish_belief(blocks) (the observation of a
// running episode carries its session's sink); core::Rollout keeps the changes step by step.
#include "core/grid/grid.hpp"

namespace iglu::scripting {

class BeliefSink {
public:
    /// Takes the agent's belief (already checked: blocks in the zone, colours 1..6). May throw
    /// std::bad_alloc only.
    virtual void publishBelief(const core::Grid& blocks) = 0;

protected:
    ~BeliefSink() = default;
};

}  // namespace iglu::scripting
