-- expect: memory limit of
local iglu = require "iglu"
local envs = {}
for i = 1, 50000 do envs[i] = iglu.env{} end
