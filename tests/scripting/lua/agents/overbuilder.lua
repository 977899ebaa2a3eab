-- Builds the target (as the oracle does), then one block more at the zone's edge, then finishes.
-- The IGLU-2022 evaluator stops an episode at the step the target is complete (`done`), so the
-- extra block must not lower the episode's IGLU-2022 score.
local build = require "iglu.build"
local builder, extra
return {
  reset = function(obs, task)
    builder = build.new(obs.action_space, obs.target_grid, {})
    extra = false
  end,
  act = function(obs)
    local a = builder:act(obs)
    if a ~= nil or extra then return a end
    extra = true
    local more = obs.target_grid:copy()
    for x = -5, 5 do
      if more:get(x, -1, -5) == 0 then
        more:set(x, -1, -5, 1)
        break
      end
    end
    builder = build.new(obs.action_space, more, {})
    return builder:act(obs)
  end,
}
