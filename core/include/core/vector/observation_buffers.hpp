#pragma once
// An environment's observation written into flat, caller-owned arrays in the reference's dtypes
// (grid int32 (9, 11, 11), agentPos / inventory / compass float32, pov uint8 (H, W, 3)) plus the
// episode's scores: what the Python bridge exposes as numpy arrays without copying (iglu.Env,
// iglu.VectorEnv). The grid and scores are rewritten only when the grid changed, so a step that
// moves the agent writes a few dozen bytes.
#include <cstdint>

#include "core/env/environment.hpp"

namespace iglu::core {

/// Where one environment's observation goes. Null pointers are skipped.
struct ObservationSlot {
    std::int32_t* grid = nullptr;        ///< kCells
    std::int32_t* targetGrid = nullptr;  ///< kCells (only with EnvConfig::targetInObs)
    float* agentPos = nullptr;           ///< 5: x, y, z, pitch, yaw
    float* inventory = nullptr;          ///< kNumColours
    float* compass = nullptr;            ///< 1
    std::uint8_t* pov = nullptr;         ///< height * width * 3 (only with EnvConfig::povInObs)
    // Scores of the current grid against the task's target (what `info` reports).
    std::int32_t* maxIntersection = nullptr;
    double* precision = nullptr;
    double* recall = nullptr;
    double* f1 = nullptr;
};

/// Writes everything (after a reset or a task change).
void writeObservation(const Environment& env, const ObservationSlot& slot) noexcept;
/// Writes what a step can change: pose, inventory, compass, pov; the grid and scores only when
/// `gridChanged`.
void writeStepObservation(const Environment& env, const ObservationSlot& slot, bool gridChanged) noexcept;
/// Copies a grid into kCells int32 values.
void copyGrid(const Grid& grid, std::int32_t* out) noexcept;

}  // namespace iglu::core
