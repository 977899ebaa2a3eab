-- expect: not allowed in the sandbox
local t = setmetatable({}, {__len = function() return 2^40 end, __index = table.concat})
table.sort(t)
