#pragma once
// A fixture of check_cycles.py: folder b includes a back.
#include "lib/a/first.hpp"
void ping(int n);
void pong(int n);
