#pragma once
// The refusal to resume an experiment that ran something else: the catalog already holds an
// experiment of that name with another configuration (agent, environment, seeds, options) or, once
// the agent's source is hashed, another agent. Resuming would mix two experiments' episodes, so
// ExperimentSession throws this before anything is stored. Its own type lets each front end offer
// its own remedy in its own words: `iglu run` prints the message (--name NAME), the workbench offers
// "Run as New Experiment".
#include <stdexcept>
#include <string>
#include <utility>

namespace iglu::scripting {

class ExperimentChanged : public std::runtime_error {
public:
    ExperimentChanged(std::string experiment, const std::string& message)
        : std::runtime_error(message), experiment_(std::move(experiment)) {}
    /// The name the experiment is stored under.
    const std::string& experiment() const noexcept { return experiment_; }

private:
    std::string experiment_;
};

}  // namespace iglu::scripting
