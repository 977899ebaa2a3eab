#include "viewers/scene/display_check.hpp"

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

#include <X11/Xlib.h>

namespace iglu::viewers {

std::optional<std::string> displayProblem() {
    const char* name = std::getenv("DISPLAY");
    if (name == nullptr || *name == '\0')
        return std::string("no X display: $DISPLAY is not set (VTK needs one to render; run under "
                           "xvfb-run -a -s \"-screen 0 1280x1024x24\")");
    // The first connection that opens stays open for the process's life: closing it could leave
    // the X server without a client, and Xvfb then resets, refusing connections for a moment —
    // the caller's own connection right after this check (Qt's, VTK's) then failed under load.
    static std::mutex mutex;
    static Display* held = nullptr;
    static std::string heldName;
    const std::lock_guard lock(mutex);
    if (held != nullptr && heldName == name) return std::nullopt;
    Display* d = XOpenDisplay(nullptr);
    if (d == nullptr)
        return std::string("cannot open X display \"") + name +
               "\" (VTK needs one to render; run under xvfb-run -a -s \"-screen 0 1280x1024x24\")";
    if (held == nullptr) {
        held = d;
        heldName = name;
    } else {
        XCloseDisplay(d);  // another display than the one held: checked, not kept
    }
    return std::nullopt;
}

void* openXDisplay(std::string* problem) {
    if (auto p = displayProblem(); p && std::getenv("DISPLAY") == nullptr) {
        if (problem) *problem = *p;
        return nullptr;
    }
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (Display* d = XOpenDisplay(nullptr)) return d;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    if (problem) *problem = displayProblem().value_or(std::string("cannot open the X display"));
    return nullptr;
}

void closeXDisplay(void* display) {
    if (display != nullptr) XCloseDisplay(static_cast<Display*>(display));
}

}  // namespace iglu::viewers
