-- expect: instruction budget exceeded
-- A refused pattern is an ordinary error; catching it in a loop still ends with the budget.
local s = string.rep("a", 100000)
while true do pcall(string.find, s, ".-.-.-x") end
