-- A deliberately slow random agent (some Lua work per step), for interruption tests.
return {
  act = function(obs)
    local s = 0
    for i = 1, 20000 do s = s + i end
    return math.random(0, 17)
  end,
}
