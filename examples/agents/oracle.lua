-- The oracle builder: reads the target grid (the experiment sets env.target_in_obs = true) and
-- builds it with the bundled helper library: wrong blocks broken top-down, target blocks placed
-- bottom-up against a supporting face, scaffolding for blocks nothing can hold yet, scaffolding
-- removed at the end. Returns nil (finished) once the grid equals the target.
local build = require "iglu.build"

local agent = {}
local builder

function agent.reset(obs, task)
  local target = obs.target_grid or task.target
  assert(target, "the oracle needs the target grid: set env.target_in_obs = true in the experiment")
  builder = build.new(obs.action_space, target, {})
end

function agent.act(obs)
  return builder:act(obs)
end

return agent
