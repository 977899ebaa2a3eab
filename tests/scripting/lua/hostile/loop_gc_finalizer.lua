-- expect: __gc finalizers are not allowed in the sandbox
setmetatable({}, {__gc = function() while true do end end})
collectgarbage()
