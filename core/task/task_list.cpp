#include "core/task/task_list.hpp"
#include "core/util/json_parse.hpp"

#include <map>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "task/blocks_json.hpp"
#include "core/util/file_read.hpp"
#include "core/util/json_keys.hpp"
#include "core/util/utf8.hpp"

namespace iglu::core {

std::vector<Task> readTaskList(const std::string& path) {
    std::string text;
    try {
        text = readRegularFile(path);
    } catch (const FileError& e) {
        throw std::runtime_error(path + ": cannot open task list: " + e.message());
    }
    std::vector<Task> tasks;
    std::map<std::string, std::pair<std::size_t, int>> seen;  // id -> (task number, line), both 1-based
    std::istringstream in(text);
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const std::string where = path + ":" + std::to_string(lineNo) + ": ";
        try {
            if (const auto bad = invalidUtf8Offset(line))
                throw std::runtime_error("column " + std::to_string(*bad + 1) + ": text is not UTF-8 (" + describeInvalidUtf8(line) + ")");
            const auto j = parseJson(line);
            if (const auto dup = findDuplicateKey(line))
                throw std::runtime_error("column " + std::to_string(dup->column) + ": duplicate key \"" + dup->key + "\"");
            if (!j.is_object()) throw std::runtime_error("expected a JSON object");
            Task t;
            if (!j.contains("id") || !j["id"].is_string()) throw std::runtime_error("id: missing or not a string");
            t.id = j["id"].get<std::string>();
            if (j.contains("instruction") && j["instruction"].is_string()) t.instruction = j["instruction"].get<std::string>();
            if (j.contains("dialog") && j["dialog"].is_string()) t.dialog = j["dialog"].get<std::string>();
            if (!j.contains("target_blocks")) throw std::runtime_error("target_blocks: missing");
            if (j.contains("starting_blocks") && !j["starting_blocks"].is_null())
                t.starting = detail::gridFromJson(j["starting_blocks"], "starting_blocks");
            t.target = detail::gridFromJson(j["target_blocks"], "target_blocks");
            for (const auto& [key, value] : j.items()) {
                if (key == "id" || key == "instruction" || key == "dialog" || key == "starting_blocks" || key == "target_blocks")
                    continue;
                t.metadata[key] = value.is_string() ? value.get<std::string>() : value.dump();
            }
            if (const auto [it, fresh] = seen.emplace(t.id, std::pair{tasks.size() + 1, lineNo}); !fresh)
                throw std::runtime_error("task " + std::to_string(tasks.size() + 1) + ": id \"" + t.id +
                                         "\" is already used by task " + std::to_string(it->second.first) + " (line " +
                                         std::to_string(it->second.second) + ")");
            tasks.push_back(std::move(t));
        } catch (const JsonError& e) {
            throw std::runtime_error(path + ":" + std::to_string(lineNo) + ":" + std::to_string(e.column()) + ": " + e.reason());
        } catch (const nlohmann::json::exception& e) {
            throw std::runtime_error(where + e.what());
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(where + e.what());
        }
    }
    return tasks;
}

const Task& findTask(const std::vector<Task>& tasks, const std::string& id) {
    for (const auto& t : tasks)
        if (t.id == id) return t;
    throw std::runtime_error("task '" + id + "' not found");
}

}  // namespace iglu::core
