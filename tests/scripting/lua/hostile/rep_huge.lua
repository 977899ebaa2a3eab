-- expect: memory limit of
local s = string.rep("x", 2^30)
