-- expect: string.find: pattern too costly for a string of 100000 bytes
-- Each '.-' before the 'x' is a choice point: Lua's matcher would backtrack for hours inside one
-- C call that the instruction hook cannot interrupt. Refused up front.
local s = string.rep("a", 100000)
string.find(s, ".-.-.-x")
error("the pattern ran")
