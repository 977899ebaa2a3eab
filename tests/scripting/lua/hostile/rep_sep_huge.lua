-- expect: memory limit of
local s = string.rep("", 2^29, "ab")
