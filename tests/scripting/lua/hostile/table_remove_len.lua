-- expect: not allowed in the sandbox
local t = setmetatable({}, {__len = function() return 2^62 end})
table.remove(t, 1)
