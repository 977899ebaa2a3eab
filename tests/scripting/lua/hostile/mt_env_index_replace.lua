-- expect: attempt to index a string value
local e = require("iglu").env{}
getmetatable(e).__index = { reset = function() return "hijacked" end }
