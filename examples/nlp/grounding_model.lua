-- A clarifying-question model in Lua (run: iglu nlp run --db FILE --name grounding --script THIS).
--
-- when(task): how unsure iglu.text is. An instruction it grounds with full confidence (every
--   colour, count, shape and place said) needs no question; one it must guess needs one.
-- what(task): which of the task's candidate questions to ask first: questions that share words
--   with the instruction, that name a colour the instruction names, and that ask about what the
--   grounding had to guess (colour, count, place) score higher.
local iglu = require "iglu"

local M = {}

local function words(text)
  local set = {}
  for w in string.gmatch(string.lower(text or ""), "[%a%d]+") do
    if #w > 2 then set[w] = true end
  end
  return set
end

local function guesses(g)
  -- What the grounding's notes and traces say it had to assume.
  local said = table.concat(g.notes or {}, " ")
  for _, clause in ipairs(g.clauses or {}) do
    for _, t in ipairs(clause.trace or {}) do said = said .. " " .. tostring(t) end
  end
  said = string.lower(said)
  return {
    colour = string.find(said, "colour", 1, true) ~= nil,
    count = string.find(said, "count", 1, true) ~= nil or string.find(said, "default", 1, true) ~= nil,
    place = string.find(said, "middle", 1, true) ~= nil or string.find(said, "anchor", 1, true) ~= nil,
  }
end

function M.when(task)
  local g = iglu.text.ground(task.instruction, task.starting)
  -- A grounding confidence of 1 reads "clear"; 0.25 or less reads "needs a question".
  local p = 1 - g.confidence
  if p < 0 then p = 0 end
  if p > 1 then p = 1 end
  return p
end

function M.what(task)
  local g = iglu.text.ground(task.instruction, task.starting)
  local guessed = guesses(g)
  local said = words(task.instruction)
  local scores = {}
  for i, c in ipairs(task.candidates) do
    local q = string.lower(c.text)
    local s = 0
    for w in pairs(words(q)) do
      if said[w] then s = s + 1 end
    end
    if guessed.colour and string.find(q, "colou?r") then s = s + 2 end
    if guessed.count and (string.find(q, "how many") or string.find(q, "number")) then s = s + 2 end
    if guessed.place and (string.find(q, "where") or string.find(q, "which side") or string.find(q, "location")) then s = s + 2 end
    scores[i] = s
  end
  return scores
end

return M
