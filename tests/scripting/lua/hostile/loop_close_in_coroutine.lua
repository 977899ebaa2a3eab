-- expect: instruction budget exceeded
-- A coroutine killed by the abort must not run its __close handler (Lua would run it unhooked).
local f = coroutine.wrap(function()
  local x <close> = setmetatable({}, {__close = function() while true do end end})
  while true do end
end)
f()
