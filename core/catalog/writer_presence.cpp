#include "writer_presence.hpp"

#include <map>
#include <mutex>
#include <vector>

#ifdef __linux__
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#endif

namespace iglu::catalog {

// One per (process, file): either the listening socket (this process came first) with the
// connections of the other processes, or this process's connection to the first one.
struct WriterPresence::Endpoint {
    std::string name;  // abstract socket name, without the leading NUL
    std::mutex mutex;
    int listener = -1;
    int link = -1;
    std::vector<int> peers;

#ifdef __linux__
    static bool closed(int fd) {
        char byte = 0;
        const auto n = ::recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
    }

    sockaddr_un address(socklen_t* len) const {
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        const auto n = std::min(name.size(), sizeof a.sun_path - 1);
        std::memcpy(a.sun_path + 1, name.data(), n);  // sun_path[0] = 0: the abstract namespace
        *len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + n);
        return a;
    }

    // Listens under the name when free, else connects to the process that does.
    void join() {
        socklen_t len = 0;
        const sockaddr_un a = address(&len);
        int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0) return;
        if (::bind(fd, reinterpret_cast<const sockaddr*>(&a), len) == 0 && ::listen(fd, 16) == 0) {
            listener = fd;
            return;
        }
        ::close(fd);
        fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0) return;
        if (::connect(fd, reinterpret_cast<const sockaddr*>(&a), len) == 0 || errno == EINPROGRESS || errno == EAGAIN) {
            link = fd;
            return;
        }
        ::close(fd);
    }

    bool otherProcess() {
        std::lock_guard lock(mutex);
        if (link >= 0 && closed(link)) {  // the first process left: take its place
            ::close(link);
            link = -1;
        }
        if (listener < 0 && link < 0) join();
        if (link >= 0) return true;
        if (listener < 0) return false;
        for (int fd; (fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0;) peers.push_back(fd);
        std::erase_if(peers, [](int fd) {
            if (!closed(fd)) return false;
            ::close(fd);
            return true;
        });
        return !peers.empty();
    }

    ~Endpoint() {
        for (int fd : peers) ::close(fd);
        if (listener >= 0) ::close(listener);
        if (link >= 0) ::close(link);
    }
#else
    void join() {}
    bool otherProcess() { return false; }
#endif
};

namespace {
std::mutex registryMutex;
std::map<std::string, std::weak_ptr<WriterPresence::Endpoint>>& registry() {
    static std::map<std::string, std::weak_ptr<WriterPresence::Endpoint>> r;
    return r;
}
}  // namespace

WriterPresence::WriterPresence(const std::string& path) {
#ifdef __linux__
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return;
    const std::string name = "iglu-catalog-writer:" + std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
    std::lock_guard lock(registryMutex);
    auto& slot = registry()[name];
    endpoint_ = slot.lock();
    if (!endpoint_) {
        endpoint_ = std::make_shared<Endpoint>();
        endpoint_->name = name;
        endpoint_->join();
        slot = endpoint_;
    }
#else
    (void)path;
#endif
}

WriterPresence::~WriterPresence() {
    std::lock_guard lock(registryMutex);
    if (!endpoint_) return;
    const std::string name = endpoint_->name;
    endpoint_.reset();
    if (auto it = registry().find(name); it != registry().end() && it->second.expired()) registry().erase(it);
}

bool WriterPresence::otherProcess() { return endpoint_ && endpoint_->otherProcess(); }

}  // namespace iglu::catalog
