#pragma once
// Two rules about text that several layers share, written once:
//  * absentText: a dataset field that holds no value — empty, blank, or a stand-in the IGLU files
//    write for "nothing" ("null", "None", "nan", any case). Importers store such fields empty and
//    the UI says what is missing ("no instruction recorded"), never "null".
//  * naturalLess: ids in natural order, digit runs compared as numbers (CQ-game-947 before
//    CQ-game-8717; step-2 before step-10), ties broken by the plain bytes so the order is total.
#include <string_view>

namespace iglu::core {

bool absentText(std::string_view text) noexcept;
/// <0, 0, >0 as a natural-order comparison of a and b.
int naturalCompare(std::string_view a, std::string_view b) noexcept;
inline bool naturalLess(std::string_view a, std::string_view b) noexcept { return naturalCompare(a, b) < 0; }

}  // namespace iglu::core
