-- The oracle builder: reads the target grid (the experiment sets env.target_in_obs = true) and
-- builds it with the bundled helper library: wrong blocks broken top-down, target blocks placed
-- bottom-up against a supporting face, scaffolding for blocks nothing can hold yet, scaffolding
-- removed at the end. Returns nil (finished) once the grid equals the target.
--
-- It stays inside the declared action spaces of the reference environment: the camera turns at
-- most 5 degrees per step (camera Box(-5, 5)), movement components stay in [-1, 1]. The
-- environment itself does not clip camera deltas; agent_options = { max_turn = 0 } in the
-- experiment lifts the limit (one-step aiming).
local build = require "iglu.build"

local agent = {}
local builder

function agent.reset(obs, task, options)
  local target = obs.target_grid or task.target
  assert(target, "the oracle needs the target grid: set env.target_in_obs = true in the experiment")
  local max_turn = options.max_turn or 5
  if max_turn <= 0 then max_turn = nil end
  builder = build.new(obs.action_space, target, { max_turn = max_turn })
end

function agent.act(obs)
  return builder:act(obs)
end

return agent
