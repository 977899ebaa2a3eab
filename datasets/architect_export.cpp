#include "datasets/architect_export.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "block_ids.hpp"

namespace fs = std::filesystem;

namespace iglu::datasets {

namespace {

constexpr int kBlockIdOfColour[] = {0, 57, 59, 60, 47, 56, 50};

nlohmann::json blocksJson(const core::Grid& g) {
    nlohmann::json blocks = nlohmann::json::array();
    for (int i = 0; i < core::kCells; ++i) {
        const int c = g.cell(i);
        if (c == 0) continue;
        const auto p = core::Grid::position(i);
        blocks.push_back({p.x, p.y + kVoxelYOffset, p.z, kBlockIdOfColour[c]});
    }
    return {{"blocks", blocks}};
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

void writeFile(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw std::runtime_error(path.string() + ": cannot write the file");
}

std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

}  // namespace

std::string multiTurnFolderName(const catalog::ArchitectSessionRecord& session, const std::string& structureId) {
    std::string digits;
    if (structureId.size() > 1 && (structureId[0] == 'C' || structureId[0] == 'c')) {
        digits = structureId.substr(1);
        for (char c : digits)
            if (c < '0' || c > '9') digits.clear();
    }
    if (digits.empty()) digits = std::to_string(session.id);
    return std::to_string(session.id) + "-c" + digits;
}

void writeMultiTurn(std::span<const catalog::ArchitectSessionRecord> sessions, std::span<const std::string> structureIds,
                    const std::string& outDir) {
    const fs::path base = fs::path(outDir) / "builder-data";
    std::error_code ec;
    fs::create_directories(base, ec);
    if (ec) throw std::runtime_error(base.string() + ": cannot create the folder (" + ec.message() + ")");
    std::string dialogs = "session_id,turn,speaker,text\n";
    for (std::size_t si = 0; si < sessions.size(); ++si) {
        const auto& s = sessions[si];
        const std::string name = multiTurnFolderName(s, si < structureIds.size() ? structureIds[si] : std::string());
        const fs::path dir = base / name;
        fs::remove_all(dir, ec);
        fs::create_directories(dir, ec);
        if (ec) throw std::runtime_error(dir.string() + ": cannot create the folder (" + ec.message() + ")");
        for (const auto& t : s.turns) {
            const int step = 2 * (t.turn + 1);
            nlohmann::json j{{"worldEndingState", blocksJson(t.endWorld)}, {"prevWorldEndingState", blocksJson(t.startWorld)}};
            if (t.question) j["clarification_question"] = *t.question;
            writeFile(dir / ("step-" + std::to_string(step)), dump(j) + "\n");
            dialogs += name + "," + std::to_string(step) + ",architect," + csvField(t.utterance) + "\n";
            if (t.question) dialogs += name + "," + std::to_string(step) + ",builder," + csvField(*t.question) + "\n";
        }
    }
    writeFile(fs::path(outDir) / "dialogs.csv", dialogs);
}

std::string judgementsCsv(std::span<const catalog::ArchitectSessionRecord> sessions) {
    std::string out = "HitId,GameMinecraftId,TaskMinecraftId,AgentName,Annotation,CompletionCode\n";
    const auto row = [&](const std::string& hit, const catalog::ArchitectSessionRecord& s, const std::string& agent, int rating,
                         const std::string& comment, int turn) {
        nlohmann::json a{{"agent_performance", comment}, {"rating", rating}};
        if (turn >= 0) a["turn"] = turn + 1;
        out += csvField(hit) + "," + std::to_string(s.id) + "," + csvField(s.taskId) + "," + csvField(agent) + "," + csvField(dump(a)) + ",NA\n";
    };
    for (const auto& s : sessions) {
        if (s.rating) row("architect-" + std::to_string(s.id), s, s.agent, *s.rating, s.comment, -1);
        for (const auto& t : s.turns)
            if (t.rating) row("architect-" + std::to_string(s.id) + "-turn-" + std::to_string(t.turn + 1), s, t.agent, *t.rating, t.comment, t.turn);
    }
    return out;
}

}  // namespace iglu::datasets
