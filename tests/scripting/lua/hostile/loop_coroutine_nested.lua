-- expect: instruction budget exceeded
local function spin(depth)
  if depth == 0 then while true do end end
  while true do pcall(coroutine.wrap(function() spin(depth - 1) end)) end
end
spin(5)
