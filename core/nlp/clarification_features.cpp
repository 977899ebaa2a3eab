#include "clarification_features.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "core/text/grounding.hpp"

namespace iglu::core {

std::vector<std::string> clarificationTokens(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c)) {
            cur += static_cast<char>(std::tolower(c));
        } else if (!cur.empty()) {
            out.push_back(std::move(cur));
            cur.clear();
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

bool rankable(const ClarificationExample& e, const QuestionBank& bank) {
    if (e.goldQuestion.empty() || e.candidates.empty()) return false;
    int known = 0;
    for (const auto& c : e.candidates) known += bank.count(c) ? 1 : 0;
    return known > 0;
}

}  // namespace iglu::core

namespace iglu::core::nlp {

namespace {

int colourOf(const std::string& w) {
    static const std::map<std::string, int> colours = {{"blue", 1},   {"green", 2},  {"red", 3},    {"orange", 4},
                                                       {"purple", 5}, {"violet", 5}, {"yellow", 6}, {"blues", 1},
                                                       {"greens", 2}, {"reds", 3},   {"oranges", 4}, {"purples", 5},
                                                       {"yellows", 6}};
    const auto it = colours.find(w);
    return it == colours.end() ? 0 : it->second;
}

bool isNumber(const std::string& w) {
    static const std::set<std::string> words = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                                "single", "pair", "couple", "twice", "once"};
    return words.count(w) || (!w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }));
}

bool isDirection(const std::string& w) {
    static const std::set<std::string> words = {"left",  "right", "north", "south", "east",   "west",  "front", "behind",
                                                "back",  "top",   "bottom", "above", "below", "under", "middle", "center",
                                                "centre", "corner", "side", "diagonal", "diagonally", "vertical", "vertically",
                                                "horizontal", "horizontally"};
    return words.count(w) > 0;
}

}  // namespace

std::uint64_t stableHash(const std::string& s) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a's step; this basis fixes the folds and buckets
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

TextFacts textFacts(const std::string& text) {
    TextFacts f;
    f.tokens = clarificationTokens(text);
    for (const auto& w : f.tokens) {
        if (int c = colourOf(w)) f.colours[static_cast<std::size_t>(c)] = true;
        if (isNumber(w)) f.numberWords.push_back(w);
        if (isDirection(w)) f.directionWords.push_back(w);
        if (w == "facing") f.facing = true;
        if (w == "color" || w == "colour" || w == "colors" || w == "colours") f.asksColour = true;
    }
    f.colourCount = static_cast<int>(std::count(f.colours.begin(), f.colours.end(), true));
    f.numbers = static_cast<int>(f.numberWords.size());
    f.directions = static_cast<int>(f.directionWords.size());
    return f;
}

namespace {

bool among(const std::string& w, std::initializer_list<const char*> words) {
    for (const char* x : words)
        if (w == x) return true;
    return false;
}

bool placeVerb(const std::string& w) {
    return among(w, {"place", "put", "add", "build", "stack", "make", "create", "draw", "fill", "extend", "attach", "set"});
}

bool removeVerb(const std::string& w) {
    return among(w, {"remove", "destroy", "break", "delete", "take", "erase", "clear", "eliminate"});
}

bool pastVerb(const std::string& w) {
    return among(w, {"placed", "added", "built", "created", "made", "put", "destroyed", "removed", "broke", "deleted", "stacked"});
}

/// Clauses as the cues count them: split at '.', ';', "then" and "and".
std::vector<std::vector<std::string>> cueClauses(const std::string& text) {
    std::vector<std::vector<std::string>> out;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t end = std::min(text.find_first_of(".;", from), text.size());
        out.emplace_back();
        for (auto& w : clarificationTokens(text.substr(from, end - from))) {
            if (w == "then" || w == "and") out.emplace_back();
            else out.back().push_back(std::move(w));
        }
        from = end + 1;
    }
    return out;
}

}  // namespace

std::array<double, kCues> cueValues(const ClarificationExample& e) {
    const text::Grounding g = text::ground(e.instruction, e.starting);
    double minConfidence = 1, minMargin = 1, missing = 0;
    bool anyCandidate = false;
    for (const auto& c : g.clauses) {
        for (const auto& t : c.trace)
            if (t.rfind("nothing", 0) == 0 || t.rfind("no ", 0) == 0) ++missing;
        if (c.candidates.empty()) continue;
        anyCandidate = true;
        minConfidence = std::min(minConfidence, c.candidates[0].confidence);
        minMargin = std::min(minMargin, c.candidates[0].confidence - (c.candidates.size() > 1 ? c.candidates[1].confidence : 0.0));
    }
    if (!anyCandidate) minConfidence = minMargin = 0;

    std::array<bool, 7> present{};
    for (const auto& b : e.starting.blocks())
        if (b.colour >= 1 && b.colour <= 6) present[static_cast<std::size_t>(b.colour)] = true;
    const auto tokens = clarificationTokens(e.instruction);
    double verbs = 0, digits = 0, more = 0, vague = 0;
    for (const auto& w : tokens) {
        verbs += placeVerb(w) || removeVerb(w) ? 1 : 0;
        digits += std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }) ? 1 : 0;
        more += among(w, {"more", "another", "other", "rest", "remaining", "similar", "same"}) ? 1 : 0;
        vague += among(w, {"some", "few", "several", "another", "similar", "shape", "structure", "near", "around", "cross", "pattern",
                           "rest", "other"})
                     ? 1
                     : 0;
    }
    const bool narrative = (tokens.size() > 1 && tokens[0] == "i" && pastVerb(tokens[1])) || (!tokens.empty() && pastVerb(tokens[0]) && tokens[0] != "put");
    double placeNoColour = 0, removeNoColour = 0;
    for (const auto& clause : cueClauses(e.instruction)) {
        if (clause.empty()) continue;
        const bool colour = std::any_of(clause.begin(), clause.end(), [](const std::string& w) { return text::colourWord(w) != 0; });
        const std::size_t head = std::min<std::size_t>(3, clause.size());
        const bool place = std::any_of(clause.begin(), clause.begin() + static_cast<std::ptrdiff_t>(head), placeVerb);
        const bool remove = std::any_of(clause.begin(), clause.begin() + static_cast<std::ptrdiff_t>(head), removeVerb);
        const bool all = std::find(clause.begin(), clause.end(), "all") != clause.end();
        placeNoColour += place && !colour ? 1 : 0;
        removeNoColour += remove && !colour && !all ? 1 : 0;
    }
    return {g.confidence,
            minConfidence,
            minMargin,
            static_cast<double>(g.clauses.size()),
            missing,
            static_cast<double>(std::count(present.begin(), present.end(), true)),
            std::log1p(static_cast<double>(e.starting.blocks().size())),
            verbs,
            digits,
            more,
            vague,
            narrative ? 1.0 : 0.0,
            placeNoColour,
            removeNoColour,
            std::log1p(static_cast<double>(tokens.size()))};
}

SparseRow classifierRow(const ClarificationExample& e, const std::array<double, kCues>& cues, const std::array<double, kCues>& mean,
                        const std::array<double, kCues>& scale) {
    const auto tokens = clarificationTokens(e.instruction);
    std::set<std::uint32_t> grams;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        grams.insert(static_cast<std::uint32_t>(stableHash(tokens[i]) % kHashBuckets));
        if (i + 1 < tokens.size()) grams.insert(static_cast<std::uint32_t>(stableHash(tokens[i] + " " + tokens[i + 1]) % kHashBuckets));
    }
    SparseRow row;
    for (std::uint32_t g : grams) row.emplace_back(g, kGramValue);
    for (std::size_t j = 0; j < kCues; ++j) row.emplace_back(static_cast<std::uint32_t>(kHashBuckets + j), (cues[j] - mean[j]) / scale[j]);
    return row;
}

Bm25::Bm25(const QuestionBank& bank) {
    std::map<std::string, int> df;
    double total = 0;
    for (const auto& [id, text] : bank) {
        const auto tokens = clarificationTokens(text);
        total += static_cast<double>(tokens.size());
        for (const auto& w : std::set<std::string>(tokens.begin(), tokens.end())) ++df[w];
    }
    const double n = static_cast<double>(bank.size());
    avgLength_ = bank.empty() ? 1.0 : std::max(1.0, total / n);
    for (const auto& [w, d] : df) idf_[w] = std::log(1.0 + (n - d + 0.5) / (d + 0.5));
}

double Bm25::score(const std::vector<std::string>& query, const std::vector<std::string>& doc) const {
    constexpr double k1 = 1.2, b = 0.75;
    std::map<std::string, int> tf;
    for (const auto& w : doc) ++tf[w];
    double s = 0;
    for (const auto& w : std::set<std::string>(query.begin(), query.end())) {
        const auto t = tf.find(w);
        const auto idf = idf_.find(w);
        if (t == tf.end() || idf == idf_.end()) continue;
        const double f = t->second;
        s += idf->second * f * (k1 + 1) / (f + k1 * (1 - b + b * static_cast<double>(doc.size()) / avgLength_));
    }
    return s;
}

std::vector<SparseRow> rankerRows(const ClarificationExample& e, const QuestionBank& bank, const Bm25& bm25) {
    const TextFacts in = textFacts(e.instruction);
    std::array<bool, 7> present{};
    for (const auto& b : e.starting.blocks())
        if (b.colour >= 1 && b.colour <= 6) present[static_cast<std::size_t>(b.colour)] = true;
    std::vector<double> scores;
    std::vector<TextFacts> facts;
    for (const auto& id : e.candidates) {
        const auto it = bank.find(id);
        facts.push_back(textFacts(it == bank.end() ? std::string() : it->second));
        scores.push_back(bm25.score(in.tokens, facts.back().tokens));
    }
    const double best = scores.empty() ? 0.0 : *std::max_element(scores.begin(), scores.end());
    const auto order = orderByScore(scores);
    std::vector<int> rank(scores.size());
    for (std::size_t r = 0; r < order.size(); ++r) rank[order[r]] = static_cast<int>(r) + 1;
    std::vector<SparseRow> rows;
    for (std::size_t i = 0; i < e.candidates.size(); ++i) {
        const TextFacts& q = facts[i];
        int shared = 0, foreign = 0, inWorldOnly = 0;
        for (std::size_t c = 1; c <= 6; ++c) {
            if (!q.colours[c]) continue;
            if (in.colours[c]) ++shared;
            else ++foreign;
            if (!in.colours[c] && present[c]) ++inWorldOnly;
        }
        int numbers = 0, directions = 0;
        for (const auto& w : q.numberWords) numbers += std::count(in.numberWords.begin(), in.numberWords.end(), w) ? 1 : 0;
        for (const auto& w : q.directionWords)
            directions += std::count(in.directionWords.begin(), in.directionWords.end(), w) ? 1 : 0;
        const double values[kRankerFeatures] = {scores[i] / 10.0,
                                                best > 0 ? scores[i] / best : 0.0,
                                                1.0 / rank[i],
                                                static_cast<double>(shared),
                                                static_cast<double>(foreign),
                                                static_cast<double>(inWorldOnly),
                                                static_cast<double>(numbers),
                                                std::log1p(static_cast<double>(q.tokens.size())),
                                                q.asksColour && in.colourCount == 0 ? 1.0 : 0.0,
                                                static_cast<double>(directions)};
        SparseRow row;
        for (std::size_t j = 0; j < kRankerFeatures; ++j) row.emplace_back(static_cast<std::uint32_t>(j), values[j]);
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace iglu::core::nlp
