#pragma once
// Which builder an architect session talks to, as the Architect dock offers it: a Lua agent
// script of the turn API (LuaTurnAgent: reset(obs, task, options) per turn, act(obs) per step;
// the shipped language builder) or any program speaking docs/agent_protocol.md (ProcessTurnAgent:
// a command line, by default the Python example agent). makeTurnAgent builds it with the same
// constructors `iglu talk` uses; nothing here re-implements an agent.
#include <chrono>
#include <memory>
#include <vector>

#include <QString>
#include <QStringList>

#include "architect/turn_agent.hpp"

namespace iglu::plugins::architect {

struct AgentSpec {
    enum class Kind { Lua, Process };
    Kind kind = Kind::Lua;
    QString label;             ///< shown in the chooser ("language_builder.lua", "Python agent command…")
    QString script;            ///< Kind::Lua: the script file
    QString command;           ///< Kind::Process: the command line (split like a shell, no shell run)
    QStringList environment;   ///< Kind::Process: "NAME=value" added to the child's environment
    std::chrono::milliseconds actTimeout{5'000};  ///< Kind::Process: one act's limit
};

/// The Lua agents of `examplesDir`/agents that speak the turn API (scripts reading
/// task.instruction: the language builder), the language builder first; then the Python agent
/// command (Kind::Process, defaultPythonCommand). The examples folder is core::resourceDir("examples").
std::vector<AgentSpec> bundledAgents(const QString& examplesDir);

/// `python3 <examplesDir>/python/architect_agent.py`.
QString defaultPythonCommand(const QString& examplesDir);

/// What a process agent needs to import the iglu package from a build tree: PYTHONPATH=<the
/// executable's folder>/../python when that folder holds the package (an installed package needs
/// nothing); empty otherwise.
QStringList pythonEnvironment();

/// The agent of `spec`. Throws ::iglu::architect::AgentFailure with a message fit for the dialogue
/// for an empty command line, a missing or malformed script (file:line).
std::unique_ptr<::iglu::architect::TurnAgent> makeTurnAgent(const AgentSpec& spec);

}  // namespace iglu::plugins::architect
