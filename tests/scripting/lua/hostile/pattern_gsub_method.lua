-- expect: string.gsub: pattern too costly for a string of 50000 bytes
-- The same through the string metatable (s:gsub) and with greedy quantifiers.
local s = ("a"):rep(50000)
local out = s:gsub("a*a*a*b", "")
error("the pattern ran: " .. #out)
