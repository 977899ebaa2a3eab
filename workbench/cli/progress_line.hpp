#pragma once
// A progress line on stderr ("\r<label> 120/451 (26%)"), redrawn at most every 100 ms.
#include <chrono>
#include <cstddef>
#include <string>

namespace iglu::cli {

class ProgressLine {
public:
    explicit ProgressLine(std::string label) : label_(std::move(label)) {}
    ~ProgressLine() { finish(); }
    void update(std::size_t done, std::size_t total);
    /// Ends the line (prints a newline once, if anything was drawn).
    void finish();

private:
    std::string label_;
    std::chrono::steady_clock::time_point last_{};
    bool drawn_ = false;
};

}  // namespace iglu::cli
