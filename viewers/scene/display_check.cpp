#include "viewers/scene/display_check.hpp"

#include <cstdlib>

#include <X11/Xlib.h>

namespace iglu::viewers {

std::optional<std::string> displayProblem() {
    const char* name = std::getenv("DISPLAY");
    if (name == nullptr || *name == '\0')
        return std::string("no X display: $DISPLAY is not set (VTK needs one to render; run under "
                           "xvfb-run -a -s \"-screen 0 1280x1024x24\")");
    Display* d = XOpenDisplay(nullptr);
    if (d == nullptr)
        return std::string("cannot open X display \"") + name +
               "\" (VTK needs one to render; run under xvfb-run -a -s \"-screen 0 1280x1024x24\")";
    XCloseDisplay(d);
    return std::nullopt;
}

}  // namespace iglu::viewers
