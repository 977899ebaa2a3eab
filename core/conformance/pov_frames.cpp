#include "core/conformance/pov_frames.hpp"
#include "core/util/json_parse.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/util/file_read.hpp"

namespace iglu::core::conformance {

namespace {

using nlohmann::json;

const json& need(const json& obj, const char* key, const std::string& where) {
    const auto it = obj.find(key);
    if (it == obj.end()) throw std::runtime_error(where + ": missing field '" + key + "'");
    return *it;
}

PovPair readPair(const json& p, std::size_t index, const std::string& where) {
    if (!p.is_object()) throw std::runtime_error(where + ": not an object");
    PovPair pair;
    const json& n = need(p, "n", where);
    if (!n.is_number_integer() || n.get<std::int64_t>() != std::int64_t(index))
        throw std::runtime_error(where + ".n: expected " + std::to_string(index) + ", found " + n.dump());
    pair.n = int(index);
    const json& task = need(p, "task", where);
    if (!task.is_string()) throw std::runtime_error(where + ".task: not a string");
    pair.task = task.get<std::string>();
    if (const auto k = p.find("kind"); k != p.end() && k->is_string()) pair.kind = k->get<std::string>();
    const json& pose = need(p, "pose", where);
    if (!pose.is_array() || pose.size() != 5) throw std::runtime_error(where + ".pose: not [x, y, z, yaw, pitch]");
    double v[5];
    for (std::size_t i = 0; i < 5; ++i) {
        if (!pose[i].is_number() || !std::isfinite(pose[i].get<double>()) || std::fabs(pose[i].get<double>()) > 1e6)
            throw std::runtime_error(where + ".pose[" + std::to_string(i) + "]: not a finite number: " + pose[i].dump());
        v[i] = pose[i].get<double>();
    }
    pair.pose = Pose{v[0], v[1], v[2], v[3], v[4]};
    const json& blocks = need(p, "blocks", where);
    if (!blocks.is_array()) throw std::runtime_error(where + ".blocks: not an array");
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const std::string bw = where + ".blocks[" + std::to_string(b) + "]";
        const json& blk = blocks[b];
        if (!blk.is_array() || blk.size() != 4) throw std::runtime_error(bw + ": not [x, y, z, colour]");
        int c[4];
        for (std::size_t i = 0; i < 4; ++i) {
            if (!blk[i].is_number_integer() || std::llabs(blk[i].get<std::int64_t>()) > 1000)
                throw std::runtime_error(bw + ": not [x, y, z, colour] integers: " + blk.dump());
            c[i] = int(blk[i].get<std::int64_t>());
        }
        if (c[3] < 1 || c[3] > kNumColours) throw std::runtime_error(bw + ": colour " + std::to_string(c[3]) + " is not 1..6");
        try {
            pair.grid.set(c[0], c[1], c[2], c[3]);
        } catch (const std::exception& e) {
            throw std::runtime_error(bw + ": " + e.what());
        }
    }
    return pair;
}

struct PaletteEntry {
    Rgb colour;
    int cls;
};

// Every colour the reference look produces, quantised, with its class.
std::vector<PaletteEntry> makePalette() {
    const PovLook& l = povLook(PovStyle::Reference);
    std::vector<PaletteEntry> p{{quantiseRgb565(l.sky), kPovClassSky}};
    for (Rgb c : {l.zoneFloor, l.zoneLine, l.outsideFloor, l.outsideLine}) p.push_back({quantiseRgb565(c), kPovClassFloor});
    for (int c = 1; c <= kNumColours; ++c)
        for (int f = 0; f < kPovFaces; ++f)
            for (int b = 0; b < 2; ++b) p.push_back({quantiseRgb565(l.face[c][f][b]), 1 + c});
    return p;
}

int channelDiff(std::uint8_t a, std::uint8_t b) { return a > b ? a - b : b - a; }

}  // namespace

std::vector<PovPair> readPovPairs(const std::string& posesPath) {
    const std::string text = readRegularFile(posesPath, std::size_t(64) << 20);
    json doc;
    try {
        doc = parseJson(text);
    } catch (const JsonError& e) {
        throw std::runtime_error(posesPath + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.reason());
    }
    if (!doc.is_object() || !doc.contains("pairs") || !doc["pairs"].is_array())
        throw std::runtime_error(posesPath + ": missing field 'pairs' (an array)");
    std::vector<PovPair> pairs;
    const json& list = doc["pairs"];
    for (std::size_t i = 0; i < list.size(); ++i)
        pairs.push_back(readPair(list[i], i, posesPath + ": pairs[" + std::to_string(i) + "]"));
    if (pairs.empty()) throw std::runtime_error(posesPath + ": no pairs");
    return pairs;
}

std::vector<PovFrameFile> povFrameFiles(const std::string& dir, std::size_t pairCount) {
    namespace fs = std::filesystem;
    std::vector<PovFrameFile> files;
    std::error_code ec;
    for (const auto& sub : fs::directory_iterator(dir, ec)) {
        const std::string subName = sub.path().filename().string();
        if (!sub.is_directory() || subName.rfind("ref", 0) != 0) continue;
        for (const auto& f : fs::directory_iterator(sub.path(), ec)) {
            if (f.path().extension() != ".png") continue;
            const std::string stem = f.path().stem().string();
            const std::string name = subName + "/" + f.path().filename().string();
            int n = -1;
            const auto [end, err] = std::from_chars(stem.data(), stem.data() + stem.size(), n);
            if (err != std::errc{} || end != stem.data() + stem.size() || n < 0 || std::size_t(n) >= pairCount)
                throw std::runtime_error(f.path().string() + ": the name is not a pair number 0.." + std::to_string(pairCount - 1) +
                                         " of poses.json");
            files.push_back({n, name, f.path().string()});
        }
    }
    if (ec) throw std::runtime_error(dir + ": cannot list the folder: " + ec.message());
    std::sort(files.begin(), files.end(), [](const PovFrameFile& a, const PovFrameFile& b) { return a.name < b.name; });
    return files;
}

Rgb quantiseRgb565(Rgb c) noexcept {
    const int r = int(std::lround(c.r * 31.0 / 255.0)), g = int(std::lround(c.g * 63.0 / 255.0)), b = int(std::lround(c.b * 31.0 / 255.0));
    return {std::uint8_t((r << 3) | (r >> 2)), std::uint8_t((g << 2) | (g >> 4)), std::uint8_t((b << 3) | (b >> 2))};
}

int povPixelClass(Rgb c) noexcept {
    static const std::vector<PaletteEntry> palette = makePalette();
    const Rgb q = quantiseRgb565(c);
    int best = 1 << 30, cls = kPovClassFloor;
    for (const auto& e : palette) {
        const int d = channelDiff(q.r, e.colour.r) + channelDiff(q.g, e.colour.g) + channelDiff(q.b, e.colour.b);
        if (d < best) best = d, cls = e.cls;
    }
    return cls;
}

PovFrameScore comparePovFrame(std::span<const std::uint8_t> reference, std::span<const std::uint8_t> ours, int width,
                              int height, std::span<std::uint8_t> diff) {
    if (width < 1 || height < 1) throw std::invalid_argument("POV frame size must be positive");
    const std::size_t w = std::size_t(width), h = std::size_t(height), bytes = w * h * 3;
    if (reference.size() != bytes || ours.size() != bytes)
        throw std::invalid_argument("POV frames differ in size: expected " + std::to_string(width) + "x" + std::to_string(height));
    const bool withDiff = !diff.empty();
    if (withDiff && diff.size() != bytes * 3) throw std::invalid_argument("POV diff image must be 3 frames wide");
    PovFrameScore s;
    s.width = width;
    s.height = height;
    std::size_t agree = 0, identical = 0, within8 = 0;
    double colourSum = 0;
    std::array<double, 3> channelSum{};
    for (std::size_t j = 0; j < h; ++j)
        for (std::size_t i = 0; i < w; ++i) {
            const std::size_t k = (j * w + i) * 3;
            const Rgb ref{reference[k], reference[k + 1], reference[k + 2]};
            const Rgb our = quantiseRgb565({ours[k], ours[k + 1], ours[k + 2]});
            const bool same = povPixelClass(ref) == povPixelClass(our);
            agree += same;
            const int d = channelDiff(ref.r, our.r) + channelDiff(ref.g, our.g) + channelDiff(ref.b, our.b);
            colourSum += d / 3.0;
            const int dr = channelDiff(ref.r, our.r), dg = channelDiff(ref.g, our.g), db = channelDiff(ref.b, our.b);
            channelSum[0] += dr, channelSum[1] += dg, channelSum[2] += db;
            identical += d == 0;
            within8 += dr <= 8 && dg <= 8 && db <= 8;
            if (withDiff) {
                std::uint8_t* row = diff.data() + j * w * 9;
                std::uint8_t* a = row + i * 3;
                std::uint8_t* b = row + (w + i) * 3;
                std::uint8_t* m = row + (2 * w + i) * 3;
                a[0] = ref.r, a[1] = ref.g, a[2] = ref.b;
                b[0] = our.r, b[1] = our.g, b[2] = our.b;
                const auto grey = std::uint8_t(std::max(0, 255 - 2 * d));
                if (same) m[0] = m[1] = m[2] = grey;
                else m[0] = 255, m[1] = 0, m[2] = 0;
            }
        }
    s.classAgreement = double(agree) / double(w * h);
    s.meanColourDifference = colourSum / double(w * h);
    for (std::size_t ch = 0; ch < 3; ++ch) s.meanAbsDifference[ch] = channelSum[ch] / double(w * h);
    s.pixelsIdentical = double(identical) / double(w * h);
    s.pixelsWithin8 = double(within8) / double(w * h);
    s.identical = identical == w * h;
    return s;
}

PovSummary summarisePovScores(const std::vector<PovFrameScore>& scores, const PovThresholds& t) {
    PovSummary s;
    s.frames = int(scores.size());
    if (scores.empty()) return s;
    std::vector<double> agreement;
    double colour = 0;
    s.worstAgreement = 2;
    for (const auto& f : scores) {
        agreement.push_back(f.classAgreement);
        colour += f.meanColourDifference;
        if (f.classAgreement < s.worstAgreement) s.worstAgreement = f.classAgreement, s.worstFrame = f.frame;
        s.identicalFrames += f.identical;
        for (std::size_t ch = 0; ch < 3; ++ch) s.meanAbsDifference[ch] += f.meanAbsDifference[ch];
        s.pixelsIdentical += f.pixelsIdentical;
        s.pixelsWithin8 += f.pixelsWithin8;
    }
    for (double& d : s.meanAbsDifference) d /= double(scores.size());
    s.pixelsIdentical /= double(scores.size());
    s.pixelsWithin8 /= double(scores.size());
    s.identicalFrameShare = double(s.identicalFrames) / double(scores.size());
    std::sort(agreement.begin(), agreement.end());
    const std::size_t n = agreement.size();
    s.medianAgreement = n % 2 ? agreement[n / 2] : (agreement[n / 2 - 1] + agreement[n / 2]) / 2;
    s.meanColourDifference = colour / double(n);
    s.passed = s.medianAgreement >= t.medianAgreement && s.worstAgreement >= t.worstAgreement &&
               s.meanColourDifference <= t.meanColourDifference;
    return s;
}

}  // namespace iglu::core::conformance
