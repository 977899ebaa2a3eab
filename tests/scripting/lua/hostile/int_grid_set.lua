-- expect: x must be an integer in -2147483648..2147483647
local g = require("iglu").grid()
g:set(2^32, 0, 0, 1)
