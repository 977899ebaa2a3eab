-- expect: memory limit of
local iglu = require "iglu"
local envs = {}
for i = 1, 30 do envs[i] = iglu.env{pov = true, pov_width = 4096, pov_height = 4096} end
