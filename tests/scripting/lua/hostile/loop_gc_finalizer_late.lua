-- expect: no finalizer ran
-- __gc added after setmetatable does not mark the table for finalization (Lua 5.4).
local mt = {}
setmetatable({}, mt)
mt.__gc = function() while true do end end
collectgarbage()
collectgarbage()
error("no finalizer ran")
