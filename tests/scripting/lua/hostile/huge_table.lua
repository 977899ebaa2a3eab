-- expect: memory limit of
local t = {}
local chunk = string.rep("y", 1 << 20)
for i = 1, 1e9 do t[i] = chunk .. i end
