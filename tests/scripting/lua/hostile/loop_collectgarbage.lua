-- expect: instruction budget exceeded
local keep = {}
for i = 1, 1000 do keep[i] = {} end
while true do collectgarbage() end
