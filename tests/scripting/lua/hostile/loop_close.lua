-- expect: instruction budget exceeded
local x <close> = setmetatable({}, {__close = function() while true do end end})
error("leave the scope")
