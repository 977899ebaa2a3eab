#include "task/blocks_json.hpp"

#include <algorithm>
#include <stdexcept>

namespace iglu::core::detail {

std::vector<Block> blocksFromJson(const nlohmann::json& j, const std::string& field) {
    if (!j.is_array()) throw std::runtime_error(field + ": expected a list of [x, y, z, colour]");
    const auto smallInteger = [](const nlohmann::json& v) {
        if (v.is_number_unsigned()) return v.get<unsigned long long>() <= 1'000'000u;
        return v.is_number_integer() && v.get<long long>() >= -1'000'000 && v.get<long long>() <= 1'000'000;
    };
    std::vector<Block> out;
    out.reserve(std::min<std::size_t>(j.size(), kCells + 1));
    for (std::size_t i = 0; i < j.size(); ++i) {
        const auto& b = j[i];
        if (!b.is_array() || b.size() != 4 || !smallInteger(b[0]) || !smallInteger(b[1]) || !smallInteger(b[2]) ||
            !smallInteger(b[3]))
            throw std::runtime_error(field + "[" + std::to_string(i) + "]: expected [x, y, z, colour] integers");
        out.push_back({b[0].get<int>(), b[1].get<int>(), b[2].get<int>(), b[3].get<int>()});
    }
    return out;
}

Grid gridFromJson(const nlohmann::json& j, const std::string& field) {
    const std::vector<Block> blocks = blocksFromJson(j, field);
    try {
        return Grid::fromBlocks(blocks);
    } catch (const GridError& e) {
        throw std::runtime_error(field + ": " + e.what());
    }
}

nlohmann::ordered_json gridJson(const Grid& g) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& b : g.blocks()) out.push_back({b.x, b.y, b.z, b.colour});
    return out;
}

}  // namespace iglu::core::detail
