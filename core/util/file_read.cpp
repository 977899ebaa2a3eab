#include "core/util/file_read.hpp"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace iglu::core {

namespace {

std::string typeProblem(mode_t mode) {
    if (S_ISDIR(mode)) return "is a folder, not a file";
    if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
    if (S_ISSOCK(mode)) return "is a socket, not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device, not a regular file";
    if (!S_ISREG(mode)) return "is not a regular file";
    return {};
}

std::string errnoProblem(int err, FileError::Kind* kind) {
    switch (err) {
        case ENOENT:
            if (kind) *kind = FileError::Kind::Missing;
            return "no such file";
        case ENOTDIR:
            if (kind) *kind = FileError::Kind::Missing;
            return "no such file (a part of the path is not a folder)";
        case EACCES:
        case EPERM:
            if (kind) *kind = FileError::Kind::Unreadable;
            return "permission denied";
        case ELOOP:
            if (kind) *kind = FileError::Kind::NotRegular;
            return "too many levels of symbolic links";
        default:
            if (kind) *kind = FileError::Kind::Unreadable;
            return std::string("cannot read the file (") + std::strerror(err) + ")";
    }
}

}  // namespace

std::string fileProblem(const std::string& path, FileError::Kind* kind) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int err = errno;
        struct stat lst {};
        if (err == ENOENT && ::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
            if (kind) *kind = FileError::Kind::NotRegular;
            char target[4096];
            const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
            return "dangling symbolic link" + (n > 0 ? " to " + std::string(target, static_cast<std::size_t>(n)) : std::string());
        }
        return errnoProblem(err, kind);
    }
    if (auto p = typeProblem(st.st_mode); !p.empty()) {
        if (kind) *kind = FileError::Kind::NotRegular;
        return p;
    }
    if (::access(path.c_str(), R_OK) != 0) return errnoProblem(errno, kind);
    return {};
}

namespace {

/// Opens `path` for reading after checking it is a regular file (and again on the descriptor).
/// Returns the descriptor and the file's size.
std::pair<int, std::size_t> openRegular(const std::string& path) {
    FileError::Kind kind = FileError::Kind::Unreadable;
    // The type first: opening a FIFO for reading would wait for a writer.
    if (auto p = fileProblem(path, &kind); !p.empty()) throw FileError(kind, path, p);
    // O_NONBLOCK: should the path have become a FIFO since, open() still returns at once.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int err = errno;
        throw FileError(err == ENOENT ? FileError::Kind::Missing : FileError::Kind::Unreadable, path, errnoProblem(err, &kind));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        throw FileError(FileError::Kind::Unreadable, path, errnoProblem(err, &kind));
    }
    if (auto p = typeProblem(st.st_mode); !p.empty()) {
        ::close(fd);
        throw FileError(FileError::Kind::NotRegular, path, p);
    }
    return {fd, static_cast<std::size_t>(st.st_size)};
}

struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
};

/// read(2) retried on EINTR; throws FileError on an error.
std::size_t readSome(int fd, char* into, std::size_t n, const std::string& path) {
    for (;;) {
        const ssize_t got = ::read(fd, into, n);
        if (got >= 0) return static_cast<std::size_t>(got);
        if (errno == EINTR) continue;
        FileError::Kind kind = FileError::Kind::Unreadable;
        throw FileError(FileError::Kind::Unreadable, path, errnoProblem(errno, &kind));
    }
}

}  // namespace

void readRegularFile(const std::string& path, std::string& out, std::size_t padding, std::size_t maxBytes) {
    const auto [fd, size] = openRegular(path);
    Closer closer{fd};
    if (size > maxBytes)
        throw FileError(FileError::Kind::TooLarge, path,
                        "is " + std::to_string(size) + " bytes, more than the limit of " + std::to_string(maxBytes));
    out.resize(size + padding);
    std::size_t done = 0;
    while (done < size) {
        const std::size_t n = readSome(fd, out.data() + done, size - done, path);
        if (n == 0) break;  // the file shrank while being read
        done += n;
    }
    std::memset(out.data() + done, 0, out.size() - done);
    out.resize(done + padding);
    out.resize(done);  // capacity keeps the zeroed padding
}

std::string readRegularFile(const std::string& path, std::size_t maxBytes) {
    std::string out;
    readRegularFile(path, out, 0, maxBytes);
    return out;
}

void readLines(const std::string& path, std::size_t maxLineBytes,
               const std::function<void(std::string_view, int, std::size_t, std::size_t)>& onLine) {
    const auto [fd, size] = openRegular(path);
    Closer closer{fd};
    constexpr std::size_t kChunk = std::size_t(1) << 20;
    std::string buffer;         // the unfinished line, then the chunk read after it
    std::size_t consumed = 0;   // bytes of the file before buffer[0]
    int lineNo = 0;
    bool eof = false;
    while (!eof) {
        const std::size_t kept = buffer.size();
        buffer.resize(kept + kChunk);
        const std::size_t got = readSome(fd, buffer.data() + kept, kChunk, path);
        buffer.resize(kept + got);
        eof = got == 0;
        std::size_t begin = 0;
        std::size_t scanFrom = kept;  // the kept part holds no newline
        for (;;) {
            const std::size_t nl = buffer.find('\n', scanFrom);
            const bool last = nl == std::string::npos && eof && begin < buffer.size();
            if (nl == std::string::npos && !last) break;
            const std::size_t end = last ? buffer.size() : nl;
            ++lineNo;
            if (end - begin > maxLineBytes)
                throw FileError(FileError::Kind::TooLarge, path,
                                "line " + std::to_string(lineNo) + " is longer than the limit of " + std::to_string(maxLineBytes) + " bytes");
            onLine(std::string_view(buffer).substr(begin, end - begin), lineNo, consumed + end + (last ? 0 : 1), size);
            begin = scanFrom = last ? buffer.size() : nl + 1;
        }
        buffer.erase(0, begin);
        consumed += begin;
        if (buffer.size() > maxLineBytes)
            throw FileError(FileError::Kind::TooLarge, path,
                            "line " + std::to_string(lineNo + 1) + " is longer than the limit of " + std::to_string(maxLineBytes) + " bytes");
    }
}

}  // namespace iglu::core
