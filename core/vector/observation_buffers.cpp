#include "core/vector/observation_buffers.hpp"

#include <algorithm>
#include <cstring>

namespace iglu::core {

void copyGrid(const Grid& grid, std::int32_t* out) noexcept {
    const std::int8_t* cells = grid.data();
    for (int i = 0; i < kCells; ++i) out[i] = cells[i];
}

namespace {

void writeScores(const Environment& env, const ObservationSlot& slot) noexcept {
    if (!slot.maxIntersection && !slot.precision && !slot.recall && !slot.f1) return;
    const Scores s = env.scores();
    if (slot.maxIntersection) *slot.maxIntersection = s.intersection;
    if (slot.precision) *slot.precision = s.precision;
    if (slot.recall) *slot.recall = s.recall;
    if (slot.f1) *slot.f1 = s.f1;
}

}  // namespace

void writeStepObservation(const Environment& env, const ObservationSlot& slot, bool gridChanged) noexcept {
    const Observation& obs = env.observation();
    if (slot.agentPos) std::copy(obs.agentPos.begin(), obs.agentPos.end(), slot.agentPos);
    if (slot.inventory) std::copy(obs.inventory.begin(), obs.inventory.end(), slot.inventory);
    if (slot.compass) slot.compass[0] = obs.compass[0];
    if (slot.pov && !obs.pov.empty()) std::memcpy(slot.pov, obs.pov.data(), obs.pov.size());
    if (gridChanged) {
        if (slot.grid) copyGrid(env.grid(), slot.grid);
        writeScores(env, slot);
    }
}

void writeObservation(const Environment& env, const ObservationSlot& slot) noexcept {
    writeStepObservation(env, slot, true);
    if (slot.targetGrid) copyGrid(env.task().target, slot.targetGrid);
}

}  // namespace iglu::core
