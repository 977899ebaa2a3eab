-- The baseline language builder: reads the instruction (never the target), grounds it on the
-- start grid with iglu.text (core/text: colours, numbers, facing, relations, shapes, place /
-- remove; docs/text_grounding.md), publishes the predicted target as its belief, and builds it
-- with the bundled helper library (iglu.build: wrong blocks broken top-down, new blocks placed
-- bottom-up, scaffolding removed at the end). Returns nil once the grid equals its prediction.
--
-- agent_options: max_turn (degrees per step, as the action space declares; 0 = unlimited),
-- verbose (print each clause's trace to stderr).
local iglu = require "iglu"
local build = require "iglu.build"

local agent = {}
local builder

-- The agent's belief (issue 22 item 2): `obs:publish_belief(blocks)` stores the predicted target
-- with the episode. MERGE NOTE: the method comes with branch rl22; until it is merged the
-- observation has no such field and the belief is only used to build.
local function publish_belief(obs, grid)
  local publish = obs.publish_belief
  if publish then publish(obs, grid) end
end

function agent.reset(obs, task, options)
  local start = task.starting or obs.grid
  local g = iglu.text.ground(task.instruction or "", start)
  if options.verbose then
    for i, c in ipairs(g.clauses) do
      print(string.format("clause %d [%s] %s", i, c.verb, c.text))
      for _, line in ipairs(c.trace) do print("  " .. line) end
      if c.candidates[1] then print(string.format("  -> %s (%.2f)", c.candidates[1].reading, c.candidates[1].confidence)) end
    end
  end
  publish_belief(obs, g.predicted)
  local max_turn = options.max_turn or 5
  if max_turn <= 0 then max_turn = nil end
  builder = build.new(obs.action_space, g.predicted, { max_turn = max_turn })
end

function agent.act(obs)
  return builder:act(obs)
end

return agent
