// A fixture of check_cycles.py: ping.cpp and pong.cpp call each other.
#include "second.hpp"
void ping(int n) {
    if (n > 0) pong(n - 1);
}
