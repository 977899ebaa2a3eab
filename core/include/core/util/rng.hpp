#pragma once
// A small, fast, seedable generator (xoshiro256** seeded through splitmix64) for random
// policies, benchmarks and tests: the same seed gives the same sequence on every machine.
#include <cstdint>

namespace iglu::core {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) noexcept {
        for (auto& s : s_) {
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            s = z ^ (z >> 31);
        }
    }
    std::uint64_t next() noexcept {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    /// Uniform integer in [0, n).
    int below(int n) noexcept { return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32); }
    /// Uniform double in [0, 1).
    double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) noexcept { return lo + (hi - lo) * uniform(); }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

}  // namespace iglu::core
