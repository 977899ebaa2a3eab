#pragma once
// Writes 8-bit RGB images as PNG (libpng), for images made without VTK (the POV).
#include <cstdint>
#include <span>
#include <string>

namespace iglu::cli {

/// Writes `rgb` (height rows of width * 3 bytes, top row first) to `path`, through a temporary
/// file renamed into place. Throws std::runtime_error naming the file on failure.
void writePng(const std::string& path, int width, int height, std::span<const std::uint8_t> rgb);

}  // namespace iglu::cli
