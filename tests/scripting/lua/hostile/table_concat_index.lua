-- expect: not allowed in the sandbox
local t = setmetatable({}, {__index = table.concat})
table.concat(t, "", 1, 2^62)
