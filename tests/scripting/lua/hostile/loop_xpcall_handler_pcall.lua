-- expect: instruction budget exceeded
local function handler() while true do pcall(function() while true do end end) end end
while true do xpcall(function() while true do end end, handler) end
