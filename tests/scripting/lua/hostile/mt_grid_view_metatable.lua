-- expect: attempt to index a string value
local e = require("iglu").env{}
local mt = getmetatable(e:grid())
assert(mt == "locked", "grid view metatable reachable: " .. tostring(mt))
mt.__index.set = nil
