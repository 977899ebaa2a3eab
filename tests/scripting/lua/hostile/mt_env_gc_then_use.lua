-- expect: attempt to call a nil value
local iglu = require "iglu"
local e = iglu.env{}
local mt = getmetatable(e)
mt.__gc(e)  -- was: destroy the env, then use it (use after free)
e:set_task{target = {{0, 0, 0, 1}}}
