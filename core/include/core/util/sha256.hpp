#pragma once
// SHA-256 (FIPS 180-4) of bytes, as 64 lowercase hex digits: what identifies a file's content
// where the program stores "what ran" (an experiment's agent and its modules).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace iglu::core {

/// Incremental SHA-256: add() any number of times, then hex() (once).
class Sha256 {
public:
    Sha256();
    void add(std::string_view bytes);
    /// The digest as 64 lowercase hex digits; the object is finished after this.
    std::string hex();

private:
    void block(const std::uint8_t* p);
    std::uint32_t h_[8];
    std::uint8_t buffer_[64];
    std::size_t buffered_ = 0;
    std::uint64_t length_ = 0;
};

/// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256Hex(std::string_view bytes);

}  // namespace iglu::core
