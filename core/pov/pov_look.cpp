#include "core/pov/pov_look.hpp"

#include <algorithm>
#include <cmath>

namespace iglu::core {

namespace {

Rgb scaled(Rgb c, float s, bool round) {
    auto one = [&](std::uint8_t v) {
        const float x = std::min(255.0f, float(v) * s);
        return static_cast<std::uint8_t>(round ? std::lround(x) : long(x));
    };
    return {one(c.r), one(c.g), one(c.b)};
}

// The reference view, measured from its frames (shared/conformance/pov, RGB565-quantised there).
// Each block colour's texture is flat with a one-sixteenth border of a darker, more saturated
// tone; every face shows it scaled by a fixed factor (no lighting): top 1, +-z 0.697, +-x 0.494,
// bottom 0.186 (least-squares fits over every colour's faces and borders).
PovLook makeReference() {
    PovLook l;
    l.sky = {128, 176, 255};            // the clear colour; (132, 174, 255) once quantised to RGB565
    l.zoneFloor = {255, 255, 255};
    l.zoneLine = {170, 170, 170};
    l.outsideFloor = {78, 81, 84};      // the mean of the reference's slightly noisy dark grey
    l.outsideLine = {0, 0, 0};
    l.zoneEdge = l.zoneLine;
    l.zoneOutline = false;
    l.floorLine = 1.0f / 32;
    l.faceBorder = 1.0f / 16;
    l.nearPlane = 0.1f;
    l.farPlane = 30.0f;
    static constexpr Rgb top[7][2] = {{},
                                      {{0, 162, 239}, {0, 113, 156}},   // blue
                                      {{33, 178, 74}, {8, 142, 8}},     // green
                                      {{239, 28, 33}, {173, 24, 0}},    // red
                                      {{255, 125, 33}, {206, 93, 24}},  // orange
                                      {{165, 73, 165}, {123, 24, 148}}, // purple
                                      {{255, 243, 0}, {198, 190, 0}}};  // yellow
    static constexpr float shade[kPovFaces] = {0.494f, 0.494f, 1.0f, 0.186f, 0.697f, 0.697f};
    for (int c = 1; c <= 6; ++c)
        for (int f = 0; f < kPovFaces; ++f)
            for (int b = 0; b < 2; ++b) l.face[c][f][b] = scaled(top[c][b], shade[f], true);
    return l;
}

// The workbench's earlier look: soft colours, directional shading, borders at 0.6 of the face.
PovLook makeClean() {
    PovLook l;
    l.sky = {150, 196, 240};
    l.zoneFloor = l.outsideFloor = {186, 186, 180};
    l.zoneLine = l.outsideLine = {150, 150, 146};
    l.zoneEdge = {70, 70, 70};
    l.zoneOutline = true;
    l.floorLine = 0.03f;
    l.faceBorder = 0.05f;
    l.nearPlane = 0.05f;
    l.farPlane = INFINITY;
    static constexpr Rgb base[7] = {{}, {40, 90, 220}, {60, 170, 70}, {215, 45, 45}, {240, 140, 30}, {145, 65, 190}, {235, 215, 40}};
    static constexpr float shade[kPovFaces] = {0.80f, 0.80f, 1.0f, 0.55f, 0.68f, 0.68f};
    for (int c = 1; c <= 6; ++c)
        for (int f = 0; f < kPovFaces; ++f) {
            l.face[c][f][0] = scaled(base[c], shade[f], false);
            l.face[c][f][1] = scaled(l.face[c][f][0], 0.6f, false);
        }
    return l;
}

}  // namespace

std::string_view povStyleName(PovStyle style) noexcept { return style == PovStyle::Clean ? "clean" : "reference"; }

std::optional<PovStyle> parsePovStyle(std::string_view name) noexcept {
    if (name == "reference") return PovStyle::Reference;
    if (name == "clean") return PovStyle::Clean;
    return std::nullopt;
}

const PovLook& povLook(PovStyle style) noexcept {
    static const PovLook reference = makeReference();
    static const PovLook clean = makeClean();
    return style == PovStyle::Clean ? clean : reference;
}

}  // namespace iglu::core
