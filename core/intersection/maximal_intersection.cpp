#include "core/intersection/maximal_intersection.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace iglu::core {

namespace {

constexpr int kValues = 13;        // cell values -6..6
constexpr int kValueOffset = 6;    // value v lives in bucket v + 6
constexpr int kLane = 16;          // counters are padded to a multiple of this for the max scan
constexpr int kMaxShift = kSizeX - 1;  // |dx|, |dz| <= 10

constexpr int bucket(int cell, int value) noexcept { return cell * kValues + value + kValueOffset; }

// Grid index of (iy, ix, iz) in the reference's [y, x, z] layout.
constexpr int gridIndex(int iy, int ix, int iz) noexcept { return iy * kLayer + ix * kSizeZ + iz; }

bool insideXZ(int ix, int iz) noexcept { return ix >= 0 && ix < kSizeX && iz >= 0 && iz < kSizeZ; }

}  // namespace

Grid rotated(const Grid& g, int rot) {
    rot = ((rot % 4) + 4) % 4;
    Grid cur = g;
    for (int r = 0; r < rot; ++r) {
        Grid next;
        // target_{r+1}[:, iz, 10 - ix] = target_r[:, ix, iz]
        for (int iy = 0; iy < kSizeY; ++iy)
            for (int ix = 0; ix < kSizeX; ++ix)
                for (int iz = 0; iz < kSizeZ; ++iz)
                    next.setCell(gridIndex(iy, iz, kSizeX - 1 - ix), cur.cell(gridIndex(iy, ix, iz)));
        cur = next;
    }
    return cur;
}

MaximalIntersection::MaximalIntersection() { setTarget(Grid{}); }

MaximalIntersection::MaximalIntersection(const Grid& target) { setTarget(target, target); }

MaximalIntersection::MaximalIntersection(const Grid& target, const Grid& full) { setTarget(target, full); }

void MaximalIntersection::setTarget(const Grid& target, const Grid& full) {
    for (int i = 0; i < kCells; ++i) {
        const int v = target.cell(i);
        if (v < -kNumColours || v > kNumColours) {
            const Block p = Grid::position(i);
            throw GridError("target cell " + toString(p) + " has value " + std::to_string(v) + ", expected -6..6");
        }
    }

    auto t = std::make_shared<Tables>();
    t->target = target;
    t->targetSize = target.count();
    for (int r = 0; r < 4; ++r) t->rotatedTargets[static_cast<std::size_t>(r)] = rotated(target, r);
    std::vector<Alignment>& alignments = t->alignments;
    std::vector<std::int32_t>& offsets = t->offsets;
    std::vector<std::int16_t>& entries = t->entries;

    // Admissible shifts per rotation, from the bounding box (in ix, iz) of the rotated full grid:
    // every non-zero cell must stay inside 0..10 after moving by (-dx, -dz).
    for (int r = 0; r < 4; ++r) {
        const Grid fullR = rotated(full, r);
        int minX = kSizeX, maxX = -1, minZ = kSizeZ, maxZ = -1;
        for (int i = 0; i < kCells; ++i) {
            if (fullR.cell(i) == 0) continue;
            const int ix = i % kLayer / kSizeZ, iz = i % kSizeZ;
            minX = std::min(minX, ix);
            maxX = std::max(maxX, ix);
            minZ = std::min(minZ, iz);
            maxZ = std::max(maxZ, iz);
        }
        int dxLo = -kMaxShift, dxHi = kMaxShift, dzLo = -kMaxShift, dzHi = kMaxShift;
        if (maxX >= 0) {  // non-empty: ix - dx in 0..10 for ix in minX..maxX
            dxLo = std::max(dxLo, maxX - (kSizeX - 1));
            dxHi = std::min(dxHi, minX);
            dzLo = std::max(dzLo, maxZ - (kSizeZ - 1));
            dzHi = std::min(dzHi, minZ);
        }
        int n = 0;
        for (int dx = dxLo; dx <= dxHi; ++dx)
            for (int dz = dzLo; dz <= dzHi; ++dz) {
                alignments.push_back({dx, dz, r});
                ++n;
            }
        t->admissible[static_cast<std::size_t>(r)] = n;
    }

    // Non-zero cells of each rotated target, as (grid index, value).
    struct Cell {
        int iy, ix, iz, value;
    };
    std::array<std::vector<Cell>, 4> cells;
    for (int r = 0; r < 4; ++r) {
        const Grid& rt = t->rotatedTargets[static_cast<std::size_t>(r)];
        for (int i = 0; i < kCells; ++i)
            if (const int v = rt.cell(i); v != 0)
                cells[static_cast<std::size_t>(r)].push_back({i / kLayer, i % kLayer / kSizeZ, i % kSizeZ, v});
    }

    // CSR table: bucket (built cell, value) -> alignments whose aligned target cell there has that value.
    offsets.assign(static_cast<std::size_t>(kCells * kValues + 1), 0);
    auto forEachEntry = [&](auto&& fn) {
        for (std::size_t a = 0; a < alignments.size(); ++a) {
            const Alignment& al = alignments[a];
            for (const Cell& c : cells[static_cast<std::size_t>(al.rot)]) {
                const int bx = c.ix - al.dx, bz = c.iz - al.dz;
                if (!insideXZ(bx, bz)) continue;  // only when full differs from the target
                fn(bucket(gridIndex(c.iy, bx, bz), c.value), a);
            }
        }
    };
    forEachEntry([&](int b, std::size_t) { ++offsets[static_cast<std::size_t>(b) + 1]; });
    for (std::size_t b = 1; b < offsets.size(); ++b) offsets[b] += offsets[b - 1];
    entries.assign(static_cast<std::size_t>(offsets.back()), 0);
    {
        std::vector<std::int32_t> fill(offsets.begin(), offsets.end() - 1);
        forEachEntry([&](int b, std::size_t a) {
            entries[static_cast<std::size_t>(fill[static_cast<std::size_t>(b)]++)] = static_cast<std::int16_t>(a);
        });
    }

    // Counters padded with zeros to whole lanes; padding is never incremented and, being 0, can
    // neither raise the maximum nor be reported by argmax (which requires a positive maximum).
    const std::size_t padded = (alignments.size() + kLane - 1) / kLane * kLane;
    counts_.assign(std::max<std::size_t>(padded, kLane), 0);
    tables_ = std::move(t);
}

void MaximalIntersection::reset(const Grid& built) {
    std::fill(counts_.begin(), counts_.end(), std::int16_t{0});
    const std::int8_t* cells = built.data();
    const std::int32_t* off = tables_->offsets.data();
    const std::int16_t* ent = tables_->entries.data();
    std::int16_t* cnt = counts_.data();
    auto addCell = [&](int i) {
        const int v = cells[i];
        if (v == 0 || v < -kNumColours || v > kNumColours) return;
        const int b = bucket(i, v);
        for (std::int32_t k = off[b], end = off[b + 1]; k < end; ++k) ++cnt[ent[k]];
    };
    // Skip empty stretches eight cells at a time: most of the zone is air.
    int i = 0;
    for (; i + 8 <= kCells; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, cells + i, sizeof word);
        if (word == 0) continue;
        for (int j = i; j < i + 8; ++j) addCell(j);
    }
    for (; i < kCells; ++i) addCell(i);
}

void MaximalIntersection::update(int idx, int oldValue, int newValue) noexcept {
    if (idx < 0 || idx >= kCells) return;
    std::int16_t* cnt = counts_.data();
    const std::int16_t* ent = tables_->entries.data();
    const std::int32_t* off = tables_->offsets.data();
    if (oldValue != 0 && oldValue >= -kNumColours && oldValue <= kNumColours) {
        const int b = bucket(idx, oldValue);
        for (std::int32_t k = off[b], end = off[b + 1]; k < end; ++k)
            --cnt[ent[k]];
    }
    if (newValue != 0 && newValue >= -kNumColours && newValue <= kNumColours) {
        const int b = bucket(idx, newValue);
        for (std::int32_t k = off[b], end = off[b + 1]; k < end; ++k)
            ++cnt[ent[k]];
    }
}

int MaximalIntersection::value() const noexcept {
    const std::int16_t* p = counts_.data();
    const std::size_t n = counts_.size();  // a whole number of lanes, padded with zeros
#if defined(__SSE2__)
    // Packed 16-bit maxima, 16 counters per iteration (GCC does not vectorise this at -O2).
    __m128i a = _mm_setzero_si128(), b = _mm_setzero_si128();
    for (std::size_t i = 0; i < n; i += kLane) {
        a = _mm_max_epi16(a, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)));
        b = _mm_max_epi16(b, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + 8)));
    }
    a = _mm_max_epi16(a, b);
    a = _mm_max_epi16(a, _mm_srli_si128(a, 8));
    a = _mm_max_epi16(a, _mm_srli_si128(a, 4));
    a = _mm_max_epi16(a, _mm_srli_si128(a, 2));
    return static_cast<std::int16_t>(_mm_cvtsi128_si32(a) & 0xffff);
#else
    std::array<std::int16_t, kLane> lanes{};
    for (std::size_t i = 0; i < n; i += kLane)
        for (std::size_t j = 0; j < kLane; ++j) lanes[j] = std::max(lanes[j], p[i + j]);
    std::int16_t m = 0;
    for (std::int16_t v : lanes) m = std::max(m, v);
    return m;
#endif
}

Alignment MaximalIntersection::argmax() const noexcept {
    const int m = value();
    if (m <= 0) return {};
    const std::int16_t* p = counts_.data();
    const std::size_t n = counts_.size();
#if defined(__SSE2__)
    const __m128i target = _mm_set1_epi16(static_cast<short>(m));
    for (std::size_t i = 0; i < n; i += 8) {
        const int mask = _mm_movemask_epi8(
            _mm_cmpeq_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), target));
        if (mask != 0) return tables_->alignments[i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask))) / 2];
    }
#else
    for (std::size_t a = 0; a < n; ++a)
        if (p[a] == m) return tables_->alignments[a];
#endif
    return {};  // unreachable: the maximum is some counter's value (padding is 0 < m)
}

int MaximalIntersection::intersectionAt(const Grid& built, Alignment a) const noexcept {
    if (a.rot < 0 || a.rot > 3) return 0;
    const Grid& t = tables_->rotatedTargets[static_cast<std::size_t>(a.rot)];
    int n = 0;
    for (int i = 0; i < kCells; ++i) {
        const int v = t.cell(i);
        if (v == 0) continue;
        const int iy = i / kLayer, ix = i % kLayer / kSizeZ, iz = i % kSizeZ;
        const int bx = ix - a.dx, bz = iz - a.dz;
        if (insideXZ(bx, bz) && built.cell(gridIndex(iy, bx, bz)) == v) ++n;
    }
    return n;
}

std::array<int, 4> MaximalIntersection::admissibleCounts() const noexcept { return tables_->admissible; }

IntersectionOverlay overlay(const Grid& target, const Grid& built) {
    MaximalIntersection mi(target);
    mi.reset(built);
    IntersectionOverlay out;
    out.alignment = mi.argmax();
    const Grid t = rotated(target, out.alignment.rot);

    std::array<bool, kCells> matched{};
    for (int i = 0; i < kCells; ++i) {
        const int v = t.cell(i);
        if (v == 0) continue;
        const int iy = i / kLayer, ix = i % kLayer / kSizeZ, iz = i % kSizeZ;
        const int bx = ix - out.alignment.dx, bz = iz - out.alignment.dz;
        if (!insideXZ(bx, bz)) continue;  // cannot happen for an admissible alignment
        const int bi = gridIndex(iy, bx, bz);
        Block p = Grid::position(bi);
        if (built.cell(bi) == v) {
            matched[static_cast<std::size_t>(bi)] = true;
            p.colour = v;
            out.matched.push_back(p);
        } else {
            p.colour = v;
            out.missing.push_back(p);
        }
    }
    for (int i = 0; i < kCells; ++i) {
        const int v = built.cell(i);
        if (v == 0 || matched[static_cast<std::size_t>(i)]) continue;
        Block p = Grid::position(i);
        p.colour = v;
        out.extra.push_back(p);
    }
    std::sort(out.matched.begin(), out.matched.end());
    std::sort(out.missing.begin(), out.missing.end());
    std::sort(out.extra.begin(), out.extra.end());
    return out;
}

}  // namespace iglu::core
