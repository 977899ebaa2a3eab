-- expect: memory limit of
local s = string.rep("x", 2^20)
local t = {}
for i = 1, 1e6 do t[i] = string.format("%s%s%d", s, s, i) end
