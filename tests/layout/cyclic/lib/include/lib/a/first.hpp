#pragma once
// A fixture of check_cycles.py: folder a includes b, which includes a back.
#include "lib/b/second.hpp"
