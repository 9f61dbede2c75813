// SPDX-License-Identifier: GPL-3.0-or-later
// The synthetic dumps' random numbers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace memprof::synth {

// xoshiro256** seeded through splitmix64: the same stream everywhere, which
// <random>'s distributions do not promise.
class Random {
public:
    explicit Random(std::uint64_t seed)
    {
        for (auto& word : state_) {
            seed += 0x9e3779b97f4a7c15ull;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            word = z ^ (z >> 31);
        }
    }
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }
    // Uniform in [0, n); the modulo bias is irrelevant here.
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    bool chance(double p) { return unit() < p; }
    // An index in [0, n) skewed to the front: a few hot locations, a long tail.
    std::size_t skewed(std::size_t n)
    {
        const double u = unit();
        return std::min(n - 1, static_cast<std::size_t>(static_cast<double>(n) * u * u * u));
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t state_[4];
};

} // namespace memprof::synth
