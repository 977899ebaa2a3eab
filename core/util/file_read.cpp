#include "core/util/file_read.hpp"

#include <cerrno>
#include <cstring>

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

void readRegularFile(const std::string& path, std::string& out, std::size_t padding, std::size_t maxBytes) {
    FileError::Kind kind = FileError::Kind::Unreadable;
    // The type first: opening a FIFO for reading would wait for a writer.
    if (auto p = fileProblem(path, &kind); !p.empty()) throw FileError(kind, path, p);
    // O_NONBLOCK: should the path have become a FIFO since, open() still returns at once.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int err = errno;
        throw FileError(err == ENOENT ? FileError::Kind::Missing : FileError::Kind::Unreadable, path, errnoProblem(err, &kind));
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) throw FileError(FileError::Kind::Unreadable, path, errnoProblem(errno, &kind));
    if (auto p = typeProblem(st.st_mode); !p.empty()) throw FileError(FileError::Kind::NotRegular, path, p);
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > maxBytes)
        throw FileError(FileError::Kind::TooLarge, path,
                        "is " + std::to_string(size) + " bytes, more than the limit of " + std::to_string(maxBytes));
    out.resize(size + padding);
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::read(fd, out.data() + done, size - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw FileError(FileError::Kind::Unreadable, path, errnoProblem(errno, &kind));
        }
        if (n == 0) break;  // the file shrank while being read
        done += static_cast<std::size_t>(n);
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

}  // namespace iglu::core
