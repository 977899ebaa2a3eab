-- Loops forever inside pcall on its second act call: the budget must still end the episode.
local n = 0
return {
  act = function(obs)
    n = n + 1
    if n == 2 then
      while true do pcall(function() while true do end end) end
    end
    return 0
  end,
}
