-- A test builder for architect sessions: the language builder's way (ground the instruction on
-- the world, publish the prediction, build it), plus behaviours chosen by the utterance:
--   "build it"           asks "What should I build?" (the answer is grounded next turn)
--   "echo"               asks back the dialogue it sees: obs.dialog, then task.dialog after " | "
--   "crash: INSTRUCTION" builds INSTRUCTION for 3 steps, then raises an error (line 32)
--   "spin"               loops until the instruction budget stops it
local iglu = require "iglu"
local build = require "iglu.build"

local agent = {}
local builder, question, crash, spin, echo, steps

function agent.reset(obs, task, options)
  local text = task.instruction
  question, crash, spin, echo, steps = nil, false, false, false, 0
  if text == "build it" then question = "What should I build?" end
  if text == "echo" then echo = true end
  if text == "spin" then spin = true end
  if text:sub(1, 7) == "crash: " then crash = true; text = text:sub(8) end
  local g = iglu.text.ground(text, task.starting)
  obs:publish_belief(g.predicted)
  builder = build.new(obs.action_space, g.predicted, { max_turn = 5 })
  agent.last_task_dialog = task.dialog
end

function agent.act(obs)
  if question then local q = question; question = nil; return { question = q } end
  if echo then return { question = obs.dialog .. " | " .. agent.last_task_dialog } end
  if spin then while true do end end
  steps = steps + 1
  if crash and steps > 3 then
    error("crashed on purpose")
  end
  return builder:act(obs)
end

return agent
