-- Fails in reset for one task only (the id given in the task's instruction is irrelevant).
local agent = {}
function agent.reset(obs, task)
  if task.id == "CQ-game-6" then error("no thanks: " .. task.id) end
end
function agent.act(obs) return math.random(0, 17) end
return agent
