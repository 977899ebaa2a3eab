-- expect: must be a finite number
local iglu = require "iglu"
iglu.raycast(iglu.grid(), 0, 1e308 * 10, 0, 0, 0)
