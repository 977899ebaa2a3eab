#pragma once
// What agent an experiment ran: the SHA-256 of the agent script and of every Lua module it loads
// from its own folders (a `require "name"` / `require("name")` written in its source or in theirs,
// resolved as the sandbox's require resolves it in the agent's and the experiment's folders). The
// bundled helper library belongs to the program and is not part of it; a module name computed at
// run time cannot be seen and is not either. Stored with the experiment (catalog experiments.
// agent_sha256 / agent_files); a changed agent refuses to resume (ExperimentSession).
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "scripting/experiment.hpp"
#include "scripting/experiment_changed.hpp"

namespace iglu::scripting {

struct AgentFingerprint {
    /// The agent first, then its modules by name: (name, SHA-256 hex). A name is the file's path
    /// relative to the agent's folder (the experiment's folder for modules found there).
    std::vector<std::pair<std::string, std::string>> files;
    std::string sha256;  ///< of every (name, digest) in order: one value for the whole agent
    /// {"name": "digest", ...}: what the catalog stores to say later which file changed.
    std::string filesJson() const;
};

/// Reads the agent of `spec` and its modules (each a regular file of at most 16 MiB, at most 1000
/// files). Throws ScriptError naming the file that cannot be read.
AgentFingerprint fingerprintAgent(const ExperimentSpec& spec);

/// What differs between a stored fingerprint (its filesJson) and `now`, one phrase per file, the
/// agent first ("agent oracle.lua changed", "module lib/moves.lua changed", "module extra.lua is
/// new", "module old.lua is no longer loaded"); empty when nothing does.
std::vector<std::string> fingerprintChanges(const std::string& storedFilesJson, const AgentFingerprint& now);

/// Resuming an experiment whose agent (or one of its modules) changed since its episodes were
/// stored: refused before anything is written. Typed so a front end can word it its own way.
/// An ExperimentChanged refusal, so a front end that handles the one handles the other.
class AgentChangedError : public ExperimentChanged {
public:
    AgentChangedError(std::string experiment, std::vector<std::string> changes, std::string suggestedName,
                      const std::string& message)
        : ExperimentChanged(std::move(experiment), message), changes_(std::move(changes)),
          suggestedName_(std::move(suggestedName)) {}
    /// fingerprintChanges' phrases.
    const std::vector<std::string>& changes() const noexcept { return changes_; }
    /// A free name for running this version as a new experiment ("NAME-v2", ...).
    const std::string& suggestedName() const noexcept { return suggestedName_; }

private:
    std::vector<std::string> changes_;
    std::string suggestedName_;
};

}  // namespace iglu::scripting
