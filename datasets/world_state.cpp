#include "world_state.hpp"
#include "core/util/json_parse.hpp"

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include "core/util/file_read.hpp"
#include "core/util/json_keys.hpp"
#include "block_ids.hpp"

#include "core/util/text_rules.hpp"

namespace iglu::datasets {

namespace {

using simdjson::dom::element;

const char* typeName(simdjson::dom::element_type t) {
    using T = simdjson::dom::element_type;
    switch (t) {
        case T::ARRAY: return "an array";
        case T::OBJECT: return "an object";
        case T::INT64: case T::UINT64: return "an integer";
        case T::DOUBLE: return "a number";
        case T::STRING: return "a string";
        case T::BOOL: return "a boolean";
        case T::NULL_VALUE: return "null";
    }
    return "?";
}

[[noreturn]] void wrongType(const std::string& path, const std::string& field, const char* expected, element e) {
    throw DatasetError(Reason::WrongType, path, field + ": expected " + expected + ", got " + typeName(e.type()));
}

double number(element e, const std::string& path, const std::string& field) {
    switch (e.type()) {
        case simdjson::dom::element_type::INT64: return static_cast<double>(int64_t(e));
        case simdjson::dom::element_type::UINT64: return static_cast<double>(uint64_t(e));
        case simdjson::dom::element_type::DOUBLE: return double(e);
        default: wrongType(path, field, "a number", e);
    }
}

// An array of exactly n numbers.
void numbers(element e, double* out, std::size_t n, const std::string& path, const std::string& field) {
    simdjson::dom::array arr;
    if (e.get_array().get(arr) != simdjson::SUCCESS || arr.size() != n)
        throw DatasetError(Reason::WrongType, path, field + ": expected an array of " + std::to_string(n) + " numbers");
    std::size_t k = 0;
    for (element x : arr) {
        out[k] = number(x, path, field + "[" + std::to_string(k) + "]");
        ++k;
    }
}

// An integer-valued number that fits comfortably (block coordinates and ids).
long long integer(element e, const std::string& path, const std::string& field) {
    double v = number(e, path, field);
    if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 1e9)
        throw DatasetError(Reason::WrongType, path, field + ": expected an integer, got " + std::to_string(v));
    return static_cast<long long>(v);
}

core::Grid readBlocks(element state, const std::string& path, const std::string& field) {
    if (!state.is_object()) wrongType(path, field, "an object", state);
    element blocks;
    if (state["blocks"].get(blocks) != simdjson::SUCCESS)
        throw DatasetError(Reason::WrongType, path, field + ".blocks: missing");
    if (!blocks.is_array()) wrongType(path, field + ".blocks", "an array", blocks);
    core::Grid g;
    std::size_t i = 0;
    simdjson::dom::array list;
    if (blocks.get_array().get(list) != simdjson::SUCCESS) wrongType(path, field + ".blocks", "an array", blocks);
    for (element b : list) {
        const std::string where = field + ".blocks[" + std::to_string(i) + "]";
        simdjson::dom::array arr;
        if (b.get_array().get(arr) != simdjson::SUCCESS) wrongType(path, where, "an array [x, y, z, id]", b);
        if (arr.size() != 4)
            throw DatasetError(Reason::WrongType, path, where + ": expected 4 numbers [x, y, z, id], got " + std::to_string(arr.size()));
        long long v[4];
        int k = 0;
        for (element n : arr) {
            v[k] = integer(n, path, where + "[" + std::to_string(k) + "]");
            ++k;
        }
        const int x = static_cast<int>(v[0]), y = igluYFromVoxel(v[1]), z = static_cast<int>(v[2]);
        const std::string pos = "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
        const int colour = colourOfBlockId(v[3]);
        if (colour < 0) throw DatasetError(Reason::UnknownBlockId, path, where + ": unknown block id " + std::to_string(v[3]) + " at " + pos);
        if (colour == 0) throw DatasetError(Reason::UnknownBlockId, path, where + ": air (id 0) listed as a block at " + pos);
        if (std::llabs(v[0]) > 5 || std::llabs(v[2]) > 5 || !core::Grid::inZone(x, y, z))
            throw DatasetError(Reason::OutOfZone, path, where + ": block at voxel " + pos + " is outside the build zone (x, z in -5..5, voxel y in 63..71)");
        if (g.at(x, y, z) != 0) throw DatasetError(Reason::DuplicateBlock, path, where + ": second block at voxel " + pos);
        g.set(x, y, z, colour);
        ++i;
    }
    return g;
}

// Whether any object in the document holds the same key twice (simdjson's DOM keeps both and
// answers the first). Objects in world states are small: pairwise comparison, no allocation.
bool hasDuplicateKey(element e, int depth = 0) {
    if (depth > 256) return false;  // simdjson's own depth limit is lower
    if (e.is_object()) {
        simdjson::dom::object obj;
        if (e.get_object().get(obj) != simdjson::SUCCESS) return false;
        std::size_t i = 0;
        for (auto a : obj) {
            std::size_t j = 0;
            for (auto b : obj) {
                if (j >= i) break;
                if (a.key == b.key) return true;
                ++j;
            }
            if (hasDuplicateKey(a.value, depth + 1)) return true;
            ++i;
        }
    } else if (e.is_array()) {
        simdjson::dom::array arr;
        if (e.get_array().get(arr) != simdjson::SUCCESS) return false;
        for (element x : arr) {
            if (x.is_object() || x.is_array()) {
                if (hasDuplicateKey(x, depth + 1)) return true;
            }
        }
    }
    return false;
}

}  // namespace

struct WorldStateReader::Impl {
    // Nesting limited as every JSON input (core::kMaxJsonDepth); the buffers grow with the input.
    Impl() {
        if (parser.allocate(std::size_t(1) << 16, core::kMaxJsonDepth) != simdjson::SUCCESS) throw std::bad_alloc();
    }
    simdjson::dom::parser parser;
    std::string buffer;  // the file's bytes plus simdjson's padding, reused across files
};

WorldStateReader::WorldStateReader() : impl_(std::make_unique<Impl>()) {}
WorldStateReader::~WorldStateReader() = default;

WorldState WorldStateReader::read(const std::string& path) {
    try {
        core::readRegularFile(path, impl_->buffer, simdjson::SIMDJSON_PADDING);
    } catch (const core::FileError& e) {
        throw datasetError(e);
    }
    return parse(std::string_view(impl_->buffer.data(), impl_->buffer.size()), path, false);
}

WorldState WorldStateReader::parse(std::string_view json, const std::string& path) { return parse(json, path, true); }

WorldState WorldStateReader::parse(std::string_view json, const std::string& path, bool copyToPad) {
    WorldState ws;
    ws.bytes = json.size();
    element doc;
    // Text from read() is already padded for simdjson; other text is copied into a padded buffer.
    auto err = impl_->parser.parse(json.data(), json.size(), copyToPad).get(doc);
    if (err != simdjson::SUCCESS) {
        // simdjson says what, not where: ask a second parser for the position (error path only).
        try {
            (void)core::parseJson(json);
        } catch (const core::JsonError& e) {
            throw DatasetError(Reason::MalformedJson, path, std::string(e.what()) + " (" + simdjson::error_message(err) + ")");
        }
        throw DatasetError(Reason::MalformedJson, path, std::string("malformed JSON (") + simdjson::error_message(err) + ")");
    }
    if (!doc.is_object()) wrongType(path, "top level", "an object", doc);
    if (hasDuplicateKey(doc)) {
        // Where it is: a text scan, on this error path only.
        const auto dup = core::findDuplicateKey(json);
        throw DatasetError(Reason::DuplicateKey, path, dup ? dup->describe() : "an object holds the same key twice");
    }
    element state;
    if (doc["worldEndingState"].get(state) != simdjson::SUCCESS)
        throw DatasetError(Reason::WrongType, path, "worldEndingState: missing");
    ws.grid = readBlocks(state, path, "worldEndingState");
    element prev;
    if (doc["prevWorldEndingState"].get(prev) == simdjson::SUCCESS && !prev.is_null())
        ws.previous = readBlocks(prev, path, "prevWorldEndingState");
    element avatar;
    if (doc["avatarInfo"].get(avatar) == simdjson::SUCCESS && !avatar.is_null()) {
        if (!avatar.is_object()) wrongType(path, "avatarInfo", "an object", avatar);
        element pos, look;
        core::Pose p;
        double v[3];
        if (avatar["pos"].get(pos) == simdjson::SUCCESS) {
            numbers(pos, v, 3, path, "avatarInfo.pos");
            p.x = v[0];
            p.y = v[1] - kVoxelYOffset;
            p.z = v[2];
        }
        if (avatar["look"].get(look) == simdjson::SUCCESS) {
            numbers(look, v, 2, path, "avatarInfo.look");
            p.yaw = v[0];
            p.pitch = v[1];
        }
        ws.avatar = p;
    }
    element tape;
    if (doc["tape"].get(tape) == simdjson::SUCCESS && !tape.is_null()) {
        if (!tape.is_string()) wrongType(path, "tape", "a string", tape);
        ws.tape = std::string(tape.get_string().value_unsafe());
    }
    element question;
    // The files write "null" (a string) for "no question": absent, not a question.
    if (doc["clarification_question"].get(question) == simdjson::SUCCESS && question.is_string() &&
        !core::absentText(question.get_string().value_unsafe()))
        ws.clarificationQuestion = std::string(question.get_string().value_unsafe());
    return ws;
}

}  // namespace iglu::datasets
