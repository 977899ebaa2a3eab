#pragma once
// One Python thread at a time inside a C++ object that the bindings use with the GIL released
// (VectorEnv, Catalog), and fork-aware. The guard is one atomic holding the owner's process id
// (0 = free): no mutex a fork() could copy in the locked state. Rules, in every binding:
// * take it with the GIL released (Lease does), so a thread holding the GIL never waits for it
//   while its owner waits for the GIL;
// * everything that reads or writes the object's mutable state (Python conversions into its
//   reused buffers included) happens while it is held.
// A thread that finds it taken by another thread of this process waits (futex, no spinning);
// one that re-enters from its own thread gets a RuntimeError; one that finds it taken in the
// parent of a fork() (the owner does not exist here) calls the object's `forked` policy.
#include <pybind11/pybind11.h>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace iglu::python {

/// A number unique to the calling thread within the process (never 0).
inline std::uint32_t threadSerial() noexcept {
    static std::atomic<std::uint32_t> next{1};
    thread_local const std::uint32_t serial = next.fetch_add(1);
    return serial;
}

class ObjectGuard {
public:
    /// What acquire() does when the guard was held in the parent process at fork().
    enum class Stale { Refuse, TakeOver };

    /// Takes the guard (call without the GIL). `what` names the object in errors.
    void acquire(const char* what, Stale stale) {
        const pid_t me = getpid();
        for (;;) {
            pid_t seen = 0;
            if (owner_.compare_exchange_strong(seen, me, std::memory_order_acquire)) break;
            if (seen != me) {
                if (stale == Stale::TakeOver && owner_.compare_exchange_strong(seen, me, std::memory_order_acquire)) break;
                if (stale == Stale::Refuse)
                    throw std::runtime_error(std::string(what) + ": another thread was using it when this process forked (pid " +
                                             std::to_string(seen) + " -> " + std::to_string(me) +
                                             "), so its state here is unknown; make a new one in this process");
                continue;
            }
            if (thread_.load(std::memory_order_relaxed) == threadSerial())
                throw std::runtime_error(std::string(what) + ": used again from the thread already using it (a callback re-entered it)");
            owner_.wait(seen, std::memory_order_acquire);
        }
        thread_.store(threadSerial(), std::memory_order_relaxed);
    }

    void release() noexcept {
        thread_.store(0, std::memory_order_relaxed);
        owner_.store(0, std::memory_order_release);
        owner_.notify_all();
    }

private:
    std::atomic<pid_t> owner_{0};
    std::atomic<std::uint32_t> thread_{0};  // the owner's threadSerial(), for re-entry only
};

/// Holds a guard for a scope; constructed with the GIL held, it waits with the GIL released.
class Lease {
public:
    Lease(ObjectGuard& guard, const char* what, ObjectGuard::Stale stale) : guard_(guard) {
        pybind11::gil_scoped_release nogil;
        guard_.acquire(what, stale);
    }
    ~Lease() { guard_.release(); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

private:
    ObjectGuard& guard_;
};

}  // namespace iglu::python
