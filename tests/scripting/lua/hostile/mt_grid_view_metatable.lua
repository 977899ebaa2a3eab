-- expect: attempt to index a nil value (field '__index')
local e = require("iglu").env{}
local mt = getmetatable(e:grid())
assert(mt == "locked", "grid view metatable reachable: " .. tostring(mt))
mt.__index.set = nil
