#include "progress_line.hpp"

#include <cstdio>

namespace iglu::cli {

void ProgressLine::update(std::size_t done, std::size_t total) {
    auto now = std::chrono::steady_clock::now();
    if (drawn_ && done < total && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    drawn_ = true;
    int pct = total ? static_cast<int>(100.0 * double(done) / double(total)) : 100;
    std::fprintf(stderr, "\r%s %zu/%zu (%d%%)", label_.c_str(), done, total, pct);
    std::fflush(stderr);
}

void ProgressLine::finish() {
    if (!drawn_) return;
    std::fputc('\n', stderr);
    drawn_ = false;
}

}  // namespace iglu::cli
