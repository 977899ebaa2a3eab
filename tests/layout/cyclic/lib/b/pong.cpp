// A fixture of check_cycles.py: ping.cpp and pong.cpp call each other.
#include "second.hpp"
void pong(int n) {
    if (n > 0) ping(n - 1);
}
