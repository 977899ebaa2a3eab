#pragma once
// Writes and reads 8-bit RGB images as PNG (libpng): the one PNG codec of the project (the
// offscreen 3D view, the first-person view, clip frames, conformance diff images).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "viewers/scene/palette.hpp"

namespace iglu::viewers {

/// Writes `rgb` (height rows of width * 3 bytes, top row first) to `path`, through a temporary
/// file renamed into place. Throws std::runtime_error naming the file on failure.
void writePng(const std::string& path, int width, int height, std::span<const std::uint8_t> rgb);

/// An RGB image, rows top to bottom.
struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;  ///< height rows of width * 3 bytes, top row first
    Rgb at(int x, int y) const {
        const auto i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
        return {rgb[i], rgb[i + 1], rgb[i + 2]};
    }
};

/// writePng of an Image.
void writePng(const Image& image, const std::string& path);
/// Reads any PNG as 8-bit RGB (alpha dropped, palettes and 16-bit samples converted). Throws
/// std::runtime_error naming the file when it cannot be read, is not a PNG, or has a side larger
/// than `maxSide`.
Image readPng(const std::string& path, int maxSide = 8192);

}  // namespace iglu::viewers
