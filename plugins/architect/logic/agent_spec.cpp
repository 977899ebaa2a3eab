#include "logic/agent_spec.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "architect/lua_turn_agent.hpp"
#include "architect/process_agent.hpp"
#include "core/util/resource_dirs.hpp"
#include "scripting/agent.hpp"

namespace iglu::plugins::architect {

namespace {

// A turn-API agent reads the architect's utterance (task.instruction); agents that read the
// target (the oracle) have nothing to build in a session.
bool readsInstruction(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return false;
    return f.readAll().contains("task.instruction");
}

}  // namespace

std::vector<AgentSpec> bundledAgents(const QString& examplesDir) {
    std::vector<AgentSpec> out;
    const QDir agents(examplesDir + QStringLiteral("/agents"));
    QStringList files = agents.entryList({QStringLiteral("*.lua")}, QDir::Files, QDir::Name);
    const QString first = QStringLiteral("language_builder.lua");
    if (files.removeOne(first)) files.prepend(first);
    for (const QString& name : files) {
        const QString path = agents.absoluteFilePath(name);
        if (!readsInstruction(path)) continue;
        AgentSpec s;
        s.kind = AgentSpec::Kind::Lua;
        s.label = name;
        s.script = path;
        out.push_back(s);
    }
    AgentSpec py;
    py.kind = AgentSpec::Kind::Process;
    py.label = QStringLiteral("Python agent command…");
    py.command = defaultPythonCommand(examplesDir);
    py.environment = pythonEnvironment();
    out.push_back(py);
    return out;
}

QString defaultPythonCommand(const QString& examplesDir) {
    return QStringLiteral("python3 ") + QDir::cleanPath(examplesDir + QStringLiteral("/python/architect_agent.py"));
}

QStringList pythonEnvironment() {
    const QString exe = QString::fromStdString(core::executableDir());
    if (exe.isEmpty()) return {};
    const QString dir = QDir::cleanPath(exe + QStringLiteral("/../python"));
    if (!QFileInfo::exists(dir + QStringLiteral("/iglu/__init__.py"))) return {};
    return {QStringLiteral("PYTHONPATH=") + dir};
}

std::unique_ptr<::iglu::architect::TurnAgent> makeTurnAgent(const AgentSpec& spec) {
    using ::iglu::architect::AgentFailure;
    if (spec.kind == AgentSpec::Kind::Lua) {
        const std::string path = spec.script.toStdString();
        if (!QFileInfo(spec.script).isFile()) throw AgentFailure("agent script " + path + " does not exist");
        return std::make_unique<::iglu::architect::LuaTurnAgent>(scripting::AgentScript{path, std::nullopt},
                                                                 scripting::agentSandbox(path));
    }
    ::iglu::architect::ProcessAgentOptions o = ::iglu::architect::commandLineAgent(spec.command.toStdString());
    for (const QString& e : spec.environment) o.environment.push_back(e.toStdString());
    o.actTimeout = spec.actTimeout;
    return std::make_unique<::iglu::architect::ProcessTurnAgent>(std::move(o));
}

}  // namespace iglu::plugins::architect
