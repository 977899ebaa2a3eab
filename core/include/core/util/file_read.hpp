#pragma once
// Reading an input file (dataset, task list) safely: the path must name a regular file. A missing
// file, a dangling symbolic link, a folder, a FIFO, a socket, a device or an unreadable file is a
// FileError saying which it is; a FIFO is never opened for reading (it would block until a writer
// appears), and the file's type is checked again on the open descriptor.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iglu::core {

class FileError : public std::runtime_error {
public:
    enum class Kind {
        Missing,       ///< no such file (or a folder on the path is missing)
        NotRegular,    ///< a folder, FIFO, socket, device or dangling symbolic link
        Unreadable,    ///< permission denied or a read error
        TooLarge,      ///< larger than the caller's limit
    };
    FileError(Kind kind, std::string path, const std::string& message)
        : std::runtime_error(path + ": " + message), kind_(kind), path_(std::move(path)), message_(message) {}
    Kind kind() const noexcept { return kind_; }
    const std::string& path() const noexcept { return path_; }
    const std::string& message() const noexcept { return message_; }  ///< without the path

private:
    Kind kind_;
    std::string path_;
    std::string message_;
};

/// Why `path` cannot be read as a regular file ("no such file", "is a folder, not a file", "is a
/// FIFO (named pipe), not a regular file", "dangling symbolic link to X", "permission denied",
/// ...); empty when it is a readable-looking regular file. Does not open the file.
std::string fileProblem(const std::string& path, FileError::Kind* kind = nullptr);

/// Reads the whole regular file into `out` (resized to the file's size, with `padding` more bytes
/// of capacity zeroed after it, e.g. for simdjson). Throws FileError.
void readRegularFile(const std::string& path, std::string& out, std::size_t padding = 0,
                     std::size_t maxBytes = std::size_t(1) << 31);
std::string readRegularFile(const std::string& path, std::size_t maxBytes = std::size_t(1) << 31);

/// Reads the regular file (checked as readRegularFile) line by line, streaming: memory stays
/// bounded by the longest line. Calls `onLine(line, lineNo, bytesRead, fileBytes)` per line
/// (without its '\n'; lineNo 1-based; bytesRead counts the line's end, fileBytes the size at open)
/// including a last line without '\n'. A line longer than `maxLineBytes` throws FileError TooLarge
/// "line N is longer than the limit of M bytes" before it is read whole.
void readLines(const std::string& path, std::size_t maxLineBytes,
               const std::function<void(std::string_view line, int lineNo, std::size_t bytesRead, std::size_t fileBytes)>& onLine);

}  // namespace iglu::core
