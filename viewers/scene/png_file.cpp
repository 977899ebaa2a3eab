#include "viewers/scene/png_file.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

#include <png.h>

namespace iglu::viewers {

void writePng(const std::string& path, int width, int height, std::span<const std::uint8_t> rgb) {
    if (width <= 0 || height <= 0 || rgb.size() < std::size_t(width) * std::size_t(height) * 3)
        throw std::runtime_error(path + ": image buffer does not match " + std::to_string(width) + "x" + std::to_string(height));
    const std::string tmp = path + ".partial";
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(tmp.c_str(), "wb"), &std::fclose);
    if (!file) throw std::runtime_error(path + ": cannot write the file");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        throw std::runtime_error(path + ": cannot start a PNG writer");
    }
    // libpng reports errors by longjmp: nothing with a destructor is created between here and the end.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        file.reset();
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": writing the PNG failed");
    }
    png_init_io(png, file.get());
    png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; ++y) png_write_row(png, rgb.data() + std::size_t(y) * std::size_t(width) * 3);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    if (std::fflush(file.get()) != 0) {
        file.reset();
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": cannot write the file");
    }
    file.reset();
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": cannot write the file");
    }
}

void writePng(const Image& image, const std::string& path) {
    writePng(path, image.width, image.height, image.rgb);
}

Image readPng(const std::string& path, int maxSide) {
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path.c_str()))
        throw std::runtime_error(path + ": cannot read the PNG: " + image.message);
    if (image.width < 1 || image.height < 1 || image.width > png_uint_32(maxSide) || image.height > png_uint_32(maxSide)) {
        png_image_free(&image);
        throw std::runtime_error(path + ": PNG size " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                                 " is not 1.." + std::to_string(maxSide) + " per side");
    }
    image.format = PNG_FORMAT_RGB;
    Image out;
    out.width = int(image.width);
    out.height = int(image.height);
    out.rgb.resize(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr)) {
        const std::string message = image.message;
        png_image_free(&image);
        throw std::runtime_error(path + ": cannot read the PNG: " + message);
    }
    return out;
}

}  // namespace iglu::viewers
