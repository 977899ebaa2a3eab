#pragma once
// The POV part of `iglu conformance`: renders every reference frame's (grid, pose) with the
// default first-person view and scores it against the frame (core/conformance/pov_frames.hpp),
// writing side-by-side diff images of the worst frames.
#include <string>
#include <vector>

#include "core/conformance/pov_frames.hpp"

namespace iglu::cli {

struct PovCheck {
    std::vector<core::conformance::PovFrameScore> frames;  ///< in frame-name order
    core::conformance::PovSummary summary;
    std::string diffDir;
    std::vector<std::string> diffFiles;  ///< one per worst frame, worst first
};

/// The POV folder of a conformance folder: DIR itself when it holds poses.json, else DIR/pov when
/// that does; empty when neither.
std::string povFolderOf(const std::string& dir);

/// Scores every ref*/NN.png of `povDir` against our view in `style` (default options otherwise) and
/// writes diff images of the `worst` lowest-agreement frames into `diffDir` (created). Throws
/// std::runtime_error naming the file for an unreadable poses.json or frame.
PovCheck checkPovFolder(const std::string& povDir, const std::string& diffDir,
                        core::PovStyle style = core::PovStyle::Reference, int worst = 3);

}  // namespace iglu::cli
