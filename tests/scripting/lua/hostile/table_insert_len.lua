-- expect: not allowed in the sandbox
local t = setmetatable({}, {__len = function() return math.maxinteger - 1 end})
table.insert(t, 1, "x")
