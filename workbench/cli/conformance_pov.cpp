#include "conformance_pov.hpp"

#include <algorithm>
#include <filesystem>
#include <numeric>

#include "core/pov/pov_renderer.hpp"
#include "viewers/scene/png_file.hpp"

namespace iglu::cli {

namespace fs = std::filesystem;
namespace cf = core::conformance;

std::string povFolderOf(const std::string& dir) {
    if (fs::is_regular_file(fs::path(dir) / "poses.json")) return dir;
    if (fs::is_regular_file(fs::path(dir) / "pov" / "poses.json")) return (fs::path(dir) / "pov").string();
    return {};
}

PovCheck checkPovFolder(const std::string& povDir, const std::string& diffDir, core::PovStyle style, int worst) {
    const auto pairs = cf::readPovPairs((fs::path(povDir) / "poses.json").string());
    const auto files = cf::povFrameFiles(povDir, pairs.size());
    if (files.empty()) throw std::runtime_error(povDir + ": no reference frames (ref*/NN.png)");
    PovCheck check;
    std::vector<viewers::Image> refs;
    std::vector<std::vector<std::uint8_t>> ours;
    for (const auto& f : files) {
        viewers::Image ref = viewers::readPng(f.path, core::PovConfig::kMaxSide);
        core::PovConfig config{ref.width, ref.height};  // the default view, in `style`
        config.style = style;
        core::PovRenderer renderer(config);
        const auto& pair = pairs[std::size_t(f.pair)];
        auto frame = renderer.render(pair.grid, pair.pose);
        cf::PovFrameScore s = cf::comparePovFrame(ref.rgb, frame, ref.width, ref.height);
        s.frame = f.name;
        s.pair = f.pair;
        check.frames.push_back(s);
        refs.push_back(std::move(ref));
        ours.push_back(std::move(frame));
    }
    check.summary = cf::summarisePovScores(check.frames);
    check.diffDir = diffDir;
    std::vector<std::size_t> order(files.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return check.frames[a].classAgreement < check.frames[b].classAgreement; });
    order.resize(std::min(order.size(), std::size_t(std::max(0, worst))));
    if (!order.empty()) {
        std::error_code ec;
        fs::create_directories(diffDir, ec);
        if (ec) throw std::runtime_error(diffDir + ": cannot create the folder: " + ec.message());
    }
    for (std::size_t k : order) {
        const viewers::Image& ref = refs[k];
        std::vector<std::uint8_t> diff(ref.rgb.size() * 3);
        cf::comparePovFrame(ref.rgb, ours[k], ref.width, ref.height, diff);
        std::string name = files[k].name;
        std::replace(name.begin(), name.end(), '/', '_');
        const std::string path = (fs::path(diffDir) / ("diff_" + name)).string();
        viewers::writePng(path, ref.width * 3, ref.height, diff);
        check.diffFiles.push_back(path);
    }
    return check;
}

}  // namespace iglu::cli
