-- expect: attempt to call a nil value
local g = require("iglu").grid()
getmetatable(g).__gc(g)
