-- expect: string.match: pattern too costly for a string of 500 bytes
-- A pattern that fits once is charged to the budget: repeating it runs out instead of running
-- unbounded work for the price of a few instructions.
local s = string.rep("a", 500)
for i = 1, 1000 do assert(string.match(s, ".-x") == nil) end
error("1000 costly matches were not charged")
