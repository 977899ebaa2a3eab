#include "frame_codec.hpp"

#include <algorithm>
#include <cstring>

#include "core/catalog/catalog_error.hpp"

namespace iglu::catalog {

namespace {
constexpr std::uint8_t kMagic[4] = {'I', 'R', 'F', 1};

struct Reader {
    const std::uint8_t* p;
    const std::uint8_t* end;
    const std::string& what;
    void need(std::size_t n) const {
        if (static_cast<std::size_t>(end - p) < n) throw CatalogError(what + ": truncated rollout frames");
    }
    template <class T>
    T get() {
        need(sizeof(T));
        T v;
        std::memcpy(&v, p, sizeof(T));
        p += sizeof(T);
        return v;
    }
};
}  // namespace

std::vector<std::uint8_t> encodeFrames(const core::Rollout& r) {
    // Exact size first, then plain writes: this runs for every imported tape.
    std::size_t size = 4 + r.changes.size() * 5;
    for (const auto& f : r.frames) size += 7 * sizeof(double) + 4 + std::min<std::size_t>(f.action.size(), 0xFFFF);
    std::vector<std::uint8_t> out(size);
    std::uint8_t* p = out.data();
    auto write = [&p](const void* src, std::size_t n) {
        std::memcpy(p, src, n);
        p += n;
    };
    write(kMagic, 4);
    for (std::size_t i = 0; i < r.frames.size(); ++i) {
        const auto& f = r.frames[i];
        const double values[7] = {f.tick, f.reward, f.pose.x, f.pose.y, f.pose.z, f.pose.yaw, f.pose.pitch};
        write(values, sizeof values);
        const auto len = static_cast<std::uint16_t>(std::min<std::size_t>(f.action.size(), 0xFFFF));
        write(&len, 2);
        write(f.action.data(), len);
        const auto cs = r.changesOf(i);
        const auto n = static_cast<std::uint16_t>(cs.size());
        write(&n, 2);
        for (const auto& c : cs) {
            const std::int8_t b[5] = {c.x, c.y, c.z, c.before, c.after};
            write(b, 5);
        }
    }
    return out;
}

void decodeFrames(const std::uint8_t* data, std::size_t size, core::Rollout& r, const std::string& what) {
    Reader in{data, data + size, what};
    in.need(4);
    if (std::memcmp(in.p, kMagic, 4) != 0) throw CatalogError(what + ": unknown rollout frame format");
    in.p += 4;
    std::vector<core::BlockChange> cs;
    while (in.p < in.end) {
        core::RolloutFrame f;
        f.tick = in.get<double>();
        f.reward = in.get<double>();
        f.pose.x = in.get<double>();
        f.pose.y = in.get<double>();
        f.pose.z = in.get<double>();
        f.pose.yaw = in.get<double>();
        f.pose.pitch = in.get<double>();
        auto len = in.get<std::uint16_t>();
        in.need(len);
        f.action.assign(reinterpret_cast<const char*>(in.p), len);
        in.p += len;
        auto n = in.get<std::uint16_t>();
        in.need(std::size_t(n) * 5);
        cs.clear();
        for (int i = 0; i < n; ++i, in.p += 5) {
            core::BlockChange c{static_cast<std::int8_t>(in.p[0]), static_cast<std::int8_t>(in.p[1]),
                                static_cast<std::int8_t>(in.p[2]), static_cast<std::int8_t>(in.p[3]),
                                static_cast<std::int8_t>(in.p[4])};
            if (!core::Grid::inZone(c.x, c.y, c.z) || c.before < 0 || c.before > 6 || c.after < 0 || c.after > 6)
                throw CatalogError(what + ": corrupt block change in frame " + std::to_string(r.frames.size()));
            cs.push_back(c);
        }
        r.addFrame(std::move(f), cs);
    }
}

}  // namespace iglu::catalog
