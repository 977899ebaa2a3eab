-- expect: instruction budget exceeded
-- Refusals are caught, then the script tries again forever: the budget still ends it.
while true do pcall(setmetatable, {}, {__gc = function() while true do end end}) end
