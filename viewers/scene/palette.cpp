#include "viewers/scene/palette.hpp"

namespace iglu::viewers {

Rgb blockColour(int colour) noexcept {
    switch (colour) {
        case 1: return {46, 92, 214};    // blue
        case 2: return {84, 160, 44};    // green
        case 3: return {200, 40, 40};    // red
        case 4: return {245, 130, 20};   // orange
        case 5: return {140, 60, 190};   // purple
        case 6: return {245, 205, 40};   // yellow
        default: return {150, 150, 150};
    }
}

Rgb overlayColour(OverlayCategory c) noexcept {
    switch (c) {
        case OverlayCategory::Matched: return {0, 158, 115};   // Okabe-Ito bluish green
        case OverlayCategory::Missing: return {86, 180, 233};  // Okabe-Ito sky blue
        case OverlayCategory::Extra: return {213, 94, 0};      // Okabe-Ito vermillion
    }
    return {150, 150, 150};
}

const char* overlayCategoryName(OverlayCategory c) noexcept {
    switch (c) {
        case OverlayCategory::Matched: return "matched";
        case OverlayCategory::Missing: return "missing";
        case OverlayCategory::Extra: return "extra";
    }
    return "?";
}

}  // namespace iglu::viewers
