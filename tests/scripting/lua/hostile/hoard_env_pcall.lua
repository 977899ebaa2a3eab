-- expect: memory limit of
-- A refused env is caught; the ones kept stay charged, so the next attempt fails too.
local iglu = require "iglu"
local envs = {}
for i = 1, 50000 do
  local ok, e = pcall(iglu.env, {pov = true, pov_width = 2048, pov_height = 2048})
  if not ok then error(e, 0) end
  envs[i] = e
end
