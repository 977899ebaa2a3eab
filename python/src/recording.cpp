#include "recording.hpp"

#include <stdexcept>
#include <string>

#include "core/env/environment.hpp"
#include "core/rollout/rollout_file.hpp"
#include "core/rollout/step_recorder.hpp"

namespace iglu::python {

// The reference's reset() carries some agent state over, which a rollout does not hold, so an
// env reused across episodes can record one that replays differently: such an episode is refused.
void requireReplays(const core::Rollout& rollout, const core::Task& task, const core::EnvOptions& options, std::int64_t seed,
                    int repetition, bool freshStart) {
    core::EnvOptions replayOptions = options;
    replayOptions.config.povInObs = false;  // the view never changes an episode
    const core::RolloutRecord record = core::rolloutRecordOf(rollout, "python", task, replayOptions, seed, repetition);
    core::Environment fresh(replayOptions.config);
    const auto& frames = rollout.frames;
    std::size_t i = 0, poseStep = 0;  // poses too: Playback draws them
    core::RolloutDivergence d = core::replayRollout(fresh, task, record, [&](const core::StepResult&, const core::Action&) {
        const core::Pose p = core::StepRecorder::poseOf(fresh), q = frames[i++].pose;
        if (poseStep == 0 && !(p == q)) poseStep = i;
    });
    if (d.ok() && poseStep > 0) d = {static_cast<int>(poseStep), "the agent's pose differs"};
    if (d.ok()) return;
    throw std::invalid_argument(
        "episode: does not replay in a fresh environment (" + (d.step > 0 ? "step " + std::to_string(d.step) + ": " : std::string()) +
        d.what + ")" +
        (freshStart ? std::string()
                    : ": it started with the agent state the previous episode left (vertical speed, pending strafe, physics "
                      "sub-steps, active colour: the reference's reset() keeps them), which a rollout does not hold; record one "
                      "episode per environment, or make the environment with reset_clears_agent_state=True"));
}

}  // namespace iglu::python
