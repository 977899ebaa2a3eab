#pragma once
// Writes and reads 8-bit RGB images as PNG (libpng), for images made without VTK (the POV).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace iglu::cli {

/// Writes `rgb` (height rows of width * 3 bytes, top row first) to `path`, through a temporary
/// file renamed into place. Throws std::runtime_error naming the file on failure.
void writePng(const std::string& path, int width, int height, std::span<const std::uint8_t> rgb);

struct RgbImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;  ///< height rows of width * 3 bytes, top row first
};
/// Reads any PNG as 8-bit RGB (alpha dropped, palettes and 16-bit samples converted). Throws
/// std::runtime_error naming the file when it cannot be read, is not a PNG, or has a side larger
/// than `maxSide`.
RgbImage readPng(const std::string& path, int maxSide = 8192);

}  // namespace iglu::cli
