-- expect: every metatable is locked
local iglu = require "iglu"
local e = iglu.env{}
for _, v in ipairs{e, e:observation(), e:grid(), e:observation().grid, iglu.grid()} do
  local mt = getmetatable(v)
  assert(type(mt) ~= "table", "a metatable is reachable: " .. tostring(v))
end
error("every metatable is locked")
