#include "scripting/agent.hpp"

#include <filesystem>

namespace iglu::scripting {

SandboxOptions agentSandbox(const ExperimentSpec& spec) {
    namespace fs = std::filesystem;
    SandboxOptions o;
    o.requireDirs = {fs::path(spec.agentPath).parent_path().string(), fs::path(spec.scriptPath).parent_path().string(),
                     bundledLibraryDir()};
    o.dataDirs = defaultDataDirs();
    o.memoryLimit = spec.memoryLimit;
    o.instructionBudget = spec.instructionBudget;
    return o;
}

SandboxOptions agentSandbox(const std::string& agentPath) {
    namespace fs = std::filesystem;
    SandboxOptions o;
    const fs::path dir = fs::path(agentPath).parent_path();
    if (!dir.empty()) o.requireDirs.push_back(dir.string());
    o.requireDirs.push_back(bundledLibraryDir());
    o.dataDirs = defaultDataDirs();
    return o;
}

SessionConfig sessionConfig(const ExperimentSpec& spec) {
    SessionConfig c;
    c.env = spec.env;
    c.stopOnDone = spec.stopOnDone;
    c.recordRollout = spec.recordRollouts;
    c.rolloutSource = "experiment:" + spec.name;
    c.agentOptions = spec.agentOptions;
    return c;
}

AgentWorker::AgentWorker(const ExperimentSpec& spec, SandboxOptions sandbox)
    : session_(AgentScript{spec.agentPath, std::nullopt}, sessionConfig(spec), std::move(sandbox)) {}

AgentWorker::~AgentWorker() = default;

EpisodeOutcome AgentWorker::run(const core::Task& task, std::int64_t seed, int repetition, const std::atomic<bool>* cancel) {
    // The hook watches the flag too: a script looping inside one reset or act stops at once.
    session_.lua().setCancelFlag(cancel);
    if (session_.reset(task, seed, repetition)) {
        while (session_.running()) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                session_.cancel();
                break;
            }
            session_.step();
        }
    }
    return session_.outcome();
}

}  // namespace iglu::scripting
