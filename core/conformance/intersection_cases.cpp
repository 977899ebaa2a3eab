#include "core/conformance/intersection_cases.hpp"
#include "core/util/file_read.hpp"
#include "core/util/json_parse.hpp"

#include <array>
#include <charconv>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "core/grid/grid.hpp"
#include "core/intersection/maximal_intersection.hpp"
#include "core/metrics/metrics.hpp"

namespace iglu::core::conformance {

namespace {

constexpr std::size_t kMaxCaseLineBytes = std::size_t(1) << 20;  // one case per line; real ones are < 5 KB


using nlohmann::json;

/// A malformed line: the caller adds the file name and line number.
class CaseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

const json& field(const json& obj, const char* key, const std::string& path) {
    if (!obj.is_object()) throw CaseError("'" + path + "' is not an object");
    const auto it = obj.find(key);
    if (it == obj.end()) throw CaseError("missing field '" + (path.empty() ? std::string() : path + ".") + key + "'");
    return *it;
}

std::string join(const std::string& path, const char* key) { return path.empty() ? std::string(key) : path + "." + key; }

int getInt(const json& obj, const char* key, const std::string& path = {}) {
    const json& v = field(obj, key, path);
    if (!v.is_number_integer()) throw CaseError("field '" + join(path, key) + "' is not an integer: " + v.dump());
    const auto x = v.get<std::int64_t>();
    if (x < -1'000'000'000 || x > 1'000'000'000)
        throw CaseError("field '" + join(path, key) + "' is out of range: " + v.dump());
    return static_cast<int>(x);
}

double getDouble(const json& obj, const char* key, const std::string& path = {}) {
    const json& v = field(obj, key, path);
    if (!v.is_number()) throw CaseError("field '" + join(path, key) + "' is not a number: " + v.dump());
    return v.get<double>();
}

Alignment getAlignment(const json& obj, const char* key, const std::string& path = {}) {
    const std::string p = join(path, key);
    const json& a = field(obj, key, path);
    return {getInt(a, "dx", p), getInt(a, "dz", p), getInt(a, "rot", p)};
}

Grid getGrid(const json& obj, const char* key) {
    const json& list = field(obj, key, {});
    if (!list.is_array()) throw CaseError(std::string("field '") + key + "' is not a list of blocks");
    std::vector<Block> blocks;
    blocks.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& b = list[i];
        const std::string where = std::string(key) + "[" + std::to_string(i) + "]";
        if (!b.is_array() || b.size() != 4)
            throw CaseError("'" + where + "' is not a block [x, y, z, colour]: " + b.dump());
        std::array<int, 4> v{};
        for (std::size_t k = 0; k < 4; ++k) {
            if (!b[k].is_number_integer() || b[k].get<std::int64_t>() < -1000 || b[k].get<std::int64_t>() > 1000)
                throw CaseError("'" + where + "' is not a block [x, y, z, colour]: " + b.dump());
            v[k] = static_cast<int>(b[k].get<std::int64_t>());
        }
        blocks.push_back({v[0], v[1], v[2], v[3]});
    }
    try {
        return Grid::fromBlocks(blocks);
    } catch (const GridError& e) {
        throw CaseError(std::string("field '") + key + "': " + e.what());
    }
}

std::string str(double d) {
    std::array<char, 64> buf{};
    const auto res = std::to_chars(buf.data(), buf.data() + buf.size(), d);
    return std::string(buf.data(), res.ptr);
}

std::string str(const Alignment& a) {
    return "(dx " + std::to_string(a.dx) + ", dz " + std::to_string(a.dz) + ", rot " + std::to_string(a.rot) + ")";
}

std::string str(const std::array<int, 4>& a) {
    return "[" + std::to_string(a[0]) + ", " + std::to_string(a[1]) + ", " + std::to_string(a[2]) + ", " +
           std::to_string(a[3]) + "]";
}

std::string str(int v) { return std::to_string(v); }

template <class T>
void expectEq(CheckResult& r, const std::string& fieldName, const T& expected, const T& actual) {
    if (!(expected == actual)) addFailure(r, -1, fieldName, "expected " + str(expected) + ", got " + str(actual));
}

// Doubles are compared exactly: the reference values are reproducible bit for bit.
void expectEq(CheckResult& r, const std::string& fieldName, double expected, double actual) {
    if (expected != actual) addFailure(r, -1, fieldName, "expected " + str(expected) + ", got " + str(actual));
}

/// Parses and checks one case. Throws CaseError for a malformed case.
CheckResult checkCase(const json& c) {
    if (!c.is_object()) throw CaseError("the line is not a JSON object");
    const json& idField = field(c, "id", {});
    if (!idField.is_string()) throw CaseError("field 'id' is not a string");
    CheckResult r;
    r.source = idField.get<std::string>();
    r.checkedSteps = 1;

    // Inputs.
    const Grid target = getGrid(c, "target_blocks");
    const Grid built = getGrid(c, "built_blocks");
    // A null start means an empty start grid: the synthetic task is then the target itself.
    const Grid start = field(c, "starting_blocks", {}).is_null() ? Grid{} : getGrid(c, "starting_blocks");

    // Expected values (all read before checking, so a malformed case never half-passes).
    const int expMax = getInt(c, "max_intersection");
    const Alignment expArgmax = getAlignment(c, "argmax");
    const int expTargetSize = getInt(c, "target_size");
    const int expBuiltSize = getInt(c, "built_size");
    const double expPrecision = getDouble(c, "precision");
    const double expRecall = getDouble(c, "recall");
    const double expF1 = getDouble(c, "f1");
    const int expNoInv = getInt(c, "intersection_no_invariance");
    const json& admJson = field(c, "admissible_counts", {});
    if (!admJson.is_array() || admJson.size() != 4) throw CaseError("field 'admissible_counts' is not a list of 4 integers");
    std::array<int, 4> expAdmissible{};
    for (std::size_t k = 0; k < 4; ++k) {
        if (!admJson[k].is_number_integer()) throw CaseError("field 'admissible_counts' is not a list of 4 integers");
        expAdmissible[k] = admJson[k].get<int>();
    }
    const json& syn = field(c, "synthetic", {});
    const int expSynTarget = getInt(syn, "target_size", "synthetic");
    const int expSynBuilt = getInt(syn, "built_diff_size", "synthetic");
    const int expSynMax = getInt(syn, "max_intersection", "synthetic");
    const Alignment expSynArgmax = getAlignment(syn, "argmax_on_diff", "synthetic");
    const json& ev = field(c, "iglu2022_evaluator", {});
    const Alignment expEvArgmax = getAlignment(ev, "argmax_on_raw_grid", "iglu2022_evaluator");
    const int expEvI = getInt(ev, "intersection", "iglu2022_evaluator");
    const double expEvP = getDouble(ev, "precision", "iglu2022_evaluator");
    const double expEvR = getDouble(ev, "recall", "iglu2022_evaluator");
    const double expEvF1 = getDouble(ev, "completion_rate_f1", "iglu2022_evaluator");

    // The real task: target vs built.
    MaximalIntersection mi(target);
    mi.reset(built);
    expectEq(r, "max_intersection", expMax, mi.value());
    expectEq(r, "argmax", expArgmax, mi.argmax());
    expectEq(r, "admissible_counts", expAdmissible, mi.admissibleCounts());
    expectEq(r, "intersection_no_invariance", expNoInv, mi.intersectionNoInvariance(built));

    const Scores s = score(target, built);
    expectEq(r, "target_size", expTargetSize, s.targetSize);
    expectEq(r, "built_size", expBuiltSize, s.builtSize);
    expectEq(r, "score.intersection", expMax, s.intersection);
    expectEq(r, "score.alignment", expArgmax, s.alignment);
    expectEq(r, "precision", expPrecision, s.precision);
    expectEq(r, "recall", expRecall, s.recall);
    expectEq(r, "f1", expF1, s.f1);

    // The synthetic (diff) task the environment rewards with: target - start vs built - start.
    const Grid synTarget = target.minus(start);
    const Grid diff = built.minus(start);
    MaximalIntersection synthetic(synTarget);
    synthetic.reset(diff);
    expectEq(r, "synthetic.target_size", expSynTarget, synthetic.targetSize());
    expectEq(r, "synthetic.built_diff_size", expSynBuilt, diff.count());
    expectEq(r, "synthetic.max_intersection", expSynMax, synthetic.value());
    expectEq(r, "synthetic.argmax_on_diff", expSynArgmax, synthetic.argmax());

    // The IGLU-2022 starter-kit evaluator.
    const Iglu2022Scores e = iglu2022Evaluate(target, start, built);
    expectEq(r, "iglu2022_evaluator.argmax_on_raw_grid", expEvArgmax, e.argmaxOnRawGrid);
    expectEq(r, "iglu2022_evaluator.intersection", expEvI, e.intersection);
    expectEq(r, "iglu2022_evaluator.precision", expEvP, e.precision);
    expectEq(r, "iglu2022_evaluator.recall", expEvR, e.recall);
    expectEq(r, "iglu2022_evaluator.completion_rate_f1", expEvF1, e.f1);
    return r;
}

}  // namespace

std::vector<CheckResult> checkIntersectionCases(const std::string& jsonlPath) {
    std::vector<CheckResult> results;
    try {
        readLines(jsonlPath, kMaxCaseLineBytes, [&](std::string_view text, int lineNo, std::size_t, std::size_t) {
            std::string_view line = text;
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (line.find_first_not_of(" \t") == std::string_view::npos) return;  // blank line
            const std::string where = jsonlPath + ":" + std::to_string(lineNo) + ": ";
            json c;
            try {
                c = parseJson(line);
            } catch (const JsonError& e) {
                throw std::runtime_error(jsonlPath + ":" + std::to_string(lineNo) + ":" + std::to_string(e.column()) + ": " + e.reason());
            }
            std::string id;
            if (c.is_object())
                if (const auto it = c.find("id"); it != c.end() && it->is_string()) id = "case " + it->get<std::string>() + ": ";
            try {
                results.push_back(checkCase(c));
            } catch (const CaseError& e) {
                throw std::runtime_error(where + id + e.what());
            } catch (const json::exception& e) {
                throw std::runtime_error(where + id + e.what());
            }
        });
    } catch (const FileError& e) {
        throw std::runtime_error(jsonlPath + ": cannot read the cases: " + e.message());
    }
    return results;
}

}  // namespace iglu::core::conformance
