#include "scripting/agent_fingerprint.hpp"
#include "script_source.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "core/util/file_read.hpp"
#include "core/util/sha256.hpp"
#include "scripting/agent.hpp"
#include "scripting/error.hpp"
#include "state_context.hpp"

namespace iglu::scripting {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFiles = 1000;

// The module names of `require "a.b"`, `require 'a.b'`, `require("a.b")` in a chunk's text.
std::vector<std::string> requiredNames(const std::string& text) {
    std::vector<std::string> out;
    static const std::string kWord = "require";
    for (std::size_t at = text.find(kWord); at != std::string::npos; at = text.find(kWord, at + kWord.size())) {
        const auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        if ((at > 0 && isName(text[at - 1])) || (at + kWord.size() < text.size() && isName(text[at + kWord.size()]))) continue;
        std::size_t i = at + kWord.size();
        const auto skipSpace = [&] {
            while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        };
        skipSpace();
        if (i < text.size() && text[i] == '(') {
            ++i;
            skipSpace();
        }
        if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) continue;
        const char quote = text[i++];
        const std::size_t end = text.find(quote, i);
        if (end == std::string::npos || end - i > 200) continue;
        out.push_back(text.substr(i, end - i));
    }
    return out;
}

bool below(const fs::path& file, const fs::path& dir) {
    const auto rel = file.lexically_relative(dir);
    return !rel.empty() && *rel.begin() != "..";
}

std::string readSource(const std::string& path) {
    try {
        return readLuaFile(path);
    } catch (const ScriptError& e) {
        throw ScriptError(path, std::string("cannot read it to record which agent ran: ") + e.what());
    }
}

}  // namespace

std::string AgentFingerprint::filesJson() const {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, digest] : files) j[name] = digest;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

AgentFingerprint fingerprintAgent(const ExperimentSpec& spec) {
    const fs::path agent = fs::weakly_canonical(spec.agentPath);
    const fs::path agentDir = agent.parent_path();
    const fs::path library = fs::weakly_canonical(bundledLibraryDir());
    const std::vector<std::string> dirs = agentSandbox(spec).requireDirs;
    const auto nameOf = [&](const fs::path& file) {
        if (below(file, agentDir)) return file.lexically_relative(agentDir).generic_string();
        const fs::path experimentDir = fs::weakly_canonical(spec.scriptPath).parent_path();
        if (below(file, experimentDir)) return file.lexically_relative(experimentDir).generic_string();
        return file.generic_string();
    };

    AgentFingerprint f;
    std::map<std::string, std::string> modules;  // name -> digest, sorted
    std::set<std::string> seen{agent.string()};
    std::vector<std::string> todo{agent.string()};
    while (!todo.empty()) {
        const std::string path = todo.back();
        todo.pop_back();
        const std::string text = readSource(path);
        const std::string digest = core::sha256Hex(text);
        if (path == agent.string()) f.files.emplace_back(nameOf(agent), digest);
        else modules[nameOf(path)] = digest;
        for (const auto& name : requiredNames(text)) {
            if (name == "iglu") continue;  // built into the program
            const std::string file = detail::moduleFile(name, dirs);
            if (file.empty() || below(fs::path(file), library) || !seen.insert(file).second) continue;
            if (seen.size() > kMaxFiles)
                throw ScriptError(spec.agentPath, "loads more than " + std::to_string(kMaxFiles) + " modules");
            todo.push_back(file);
        }
    }
    for (auto& m : modules) f.files.push_back(m);
    core::Sha256 whole;
    for (const auto& [name, digest] : f.files) whole.add(name + '\t' + digest + '\n');
    f.sha256 = whole.hex();
    return f;
}

std::vector<std::string> fingerprintChanges(const std::string& storedFilesJson, const AgentFingerprint& now) {
    std::map<std::string, std::string> stored;
    const auto j = core::parseJsonOrDiscarded(storedFilesJson);
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it->is_string()) stored[it.key()] = it->get<std::string>();
    std::vector<std::string> out;
    for (std::size_t i = 0; i < now.files.size(); ++i) {
        const auto& [name, digest] = now.files[i];
        const std::string what = (i == 0 ? "agent " : "module ") + name;
        const auto it = stored.find(name);
        if (it == stored.end()) out.push_back(what + (i == 0 ? " was not the agent it ran" : " is new"));
        else if (it->second != digest) out.push_back(what + " changed");
        if (it != stored.end()) stored.erase(it);
    }
    for (const auto& [name, digest] : stored) out.push_back("module " + name + " is no longer loaded");
    return out;
}

}  // namespace iglu::scripting
