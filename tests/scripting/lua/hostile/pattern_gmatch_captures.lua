-- expect: string.gmatch: pattern too costly for a string of 60000 bytes
-- gmatch charges the whole scan when the iterator is made; captures and sets do not hide the cost.
local s = string.rep("ab ", 20000)
for a, b in s:gmatch("([%a ]-)([ab ]*)(%s-)z") do error("matched " .. a .. b) end
error("the pattern ran")
