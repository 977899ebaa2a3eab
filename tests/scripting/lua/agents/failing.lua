-- Fails on its third act call (line 6).
local n = 0
return {
  act = function(obs)
    n = n + 1
    if n == 3 then error("agent broke on purpose") end
    return 0
  end,
}
