-- expect: y must be an integer
local g = require("iglu").grid()
g:get(0, -2^63, 0)
