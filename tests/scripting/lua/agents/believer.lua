-- Publishes beliefs (walking, discrete no-ops): at reset the block (0, -1, 0, red); at step 2 the
-- grid it sees plus a yellow block at (1, -1, 1); at step 3 the same belief again (not stored: no
-- change); at step 4 the reset belief again; finishes at step 5.
local first = { { 0, -1, 0, 3 } }
local second
return {
  reset = function(obs, task)
    obs:publish_belief(first)
  end,
  act = function(obs)
    local s = obs.step
    if s == 2 then
      second = obs.grid:copy()
      second:set(1, -1, 1, 4)
      obs:publish_belief(second)
    elseif s == 3 then
      obs:publish_belief(second:list())
    elseif s == 4 then
      obs:publish_belief(first)
    elseif s >= 5 then
      return nil
    end
    return 0
  end,
}
