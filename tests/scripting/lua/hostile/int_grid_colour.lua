-- expect: colour must be an integer in 0..6
local g = require("iglu").grid()
g:set(0, 0, 0, 2^32 + 3)
