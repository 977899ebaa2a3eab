-- expect: memory limit of
local s = string.rep("", 2^40, "ab")
