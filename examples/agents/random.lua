-- A uniformly random agent. Walking: a discrete id 0..17 per step; flying: a random movement,
-- camera turn, colour and placement. math.random is seeded per episode by the runner.
local agent = {}
local flying = false
local action = { movement = { 0, 0, 0 }, camera = { 0, 0 }, inventory = 0, placement = 0 }  -- reused: no table per step

function agent.reset(obs, task)
  flying = obs.action_space == "flying"
end

function agent.act(obs)
  if not flying then return math.random(0, 17) end
  local m, c = action.movement, action.camera
  m[1], m[2], m[3] = math.random() * 2 - 1, math.random() * 2 - 1, math.random() * 2 - 1
  c[1], c[2] = math.random() * 10 - 5, math.random() * 10 - 5
  action.inventory = math.random(0, 6)
  action.placement = math.random(0, 2)
  return action
end

return agent
