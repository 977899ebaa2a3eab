#pragma once
// Checks the first-person view against frames of the reference environment (shared/conformance/pov:
// poses.json with (task, pose, starting grid) pairs, ref*/NN.png frames of pair NN). Image files
// are read by the caller (core stays free of image libraries); this part knows the pairs, the
// pixel classes and the scores.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/grid/grid.hpp"
#include "core/pov/pov_look.hpp"
#include "core/rollout/rollout.hpp"

namespace iglu::core::conformance {

/// One (task, pose) pair of a reference POV folder.
struct PovPair {
    int n = 0;
    std::string task, kind;
    Pose pose;
    Grid grid;  ///< the task's starting grid, as the reference rendered it
};

/// Reads `posesPath` (poses.json: {"pairs": [{"n", "task", "kind", "pose": [x, y, z, yaw, pitch],
/// "blocks": [[x, y, z, colour], ...]}]}). Pair n must be at index n. Throws std::runtime_error
/// naming the file and the field for an unreadable file or a malformed pair.
std::vector<PovPair> readPovPairs(const std::string& posesPath);

/// A reference frame file: `dir`/ref*/NN.png, of pair NN.
struct PovFrameFile {
    int pair = 0;
    std::string name;  ///< relative to the folder, e.g. "ref/07.png"
    std::string path;
};
/// The frames of a reference POV folder: every NN.png in its subfolders whose names start with
/// "ref", sorted by name. Throws std::runtime_error naming a frame whose NN is not a pair number.
std::vector<PovFrameFile> povFrameFiles(const std::string& dir, std::size_t pairCount);

/// The reference frames are quantised to RGB565 (5/6/5 bits, rounded, bits replicated on
/// expansion); ours are quantised the same way before comparing.
Rgb quantiseRgb565(Rgb c) noexcept;

/// Pixel classes: 0 sky, 1 floor, 2..7 block colours 1..6.
inline constexpr int kPovClassSky = 0, kPovClassFloor = 1, kPovClasses = 8;
/// The class of a pixel: that of the nearest colour (sum of channel differences) the reference
/// look can produce, after quantisation. The same rule classifies both frames.
int povPixelClass(Rgb c) noexcept;

struct PovFrameScore {
    std::string frame;               ///< e.g. "ref/07.png"
    int pair = -1;
    int width = 0, height = 0;
    double classAgreement = 0;       ///< fraction of pixels whose classes agree
    double meanColourDifference = 0; ///< mean |reference - ours| over pixels and channels (0..255)
    // Byte-level figures (issue 21: the drop-in's pixels against the reference's), on ours
    // quantised to RGB565 as the reference frames are:
    std::array<double, 3> meanAbsDifference{};  ///< mean |reference - ours| per channel (R, G, B)
    double pixelsIdentical = 0;      ///< fraction of pixels with all three channels equal
    double pixelsWithin8 = 0;        ///< fraction of pixels with every channel within +-8
    bool identical = false;          ///< every pixel identical
};

/// Compares a reference frame with ours (both width x height RGB, rows top to bottom; ours is
/// quantised first). When `diff` is width * 3 x height RGB, it receives three panels: the
/// reference | ours (quantised) | the mismatches (red: the classes differ; else grey, darker the
/// larger the colour difference). Throws std::invalid_argument for buffers of the wrong size.
PovFrameScore comparePovFrame(std::span<const std::uint8_t> reference, std::span<const std::uint8_t> ours, int width,
                              int height, std::span<std::uint8_t> diff = {});

/// The issue-14 acceptance thresholds.
struct PovThresholds {
    double medianAgreement = 0.99;
    double worstAgreement = 0.97;
    double meanColourDifference = 12.0;  ///< upper bound of the mean over frames
};

struct PovSummary {
    int frames = 0;
    double medianAgreement = 0, worstAgreement = 0;
    double meanColourDifference = 0;  ///< mean over frames (each frame weighs the same)
    std::string worstFrame;
    // Byte-level figures (reported, not thresholds):
    int identicalFrames = 0;                    ///< frames identical to the reference byte for byte
    double identicalFrameShare = 0;             ///< identicalFrames / frames
    std::array<double, 3> meanAbsDifference{};  ///< per channel, mean over frames (each weighs the same)
    double pixelsIdentical = 0, pixelsWithin8 = 0;  ///< pixel shares, mean over frames
    bool passed = false;
};
/// Median and worst agreement, mean colour difference, and whether they meet `t` (no frames: not
/// passed).
PovSummary summarisePovScores(const std::vector<PovFrameScore>& scores, const PovThresholds& t = {});

}  // namespace iglu::core::conformance
