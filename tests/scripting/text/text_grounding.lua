-- iglu.text on real single-turn instructions (shared sample, copied here with their start grids;
-- expected blocks checked by hand against the tasks' targets), the facing convention, and a
-- corpus of hostile inputs. Run by CTest through `iglu lua` (sandboxed); any failure raises.
local iglu = require "iglu"
local text = iglu.text

local function key(b) return string.format("%d,%d,%d,%d", b[1], b[2], b[3], b[4]) end
local function sorted_keys(list)
  local out = {}
  for i, b in ipairs(list) do out[i] = key(b) end
  table.sort(out)
  return table.concat(out, " ")
end
local function same(name, got, want)
  local g, w = sorted_keys(got), sorted_keys(want)
  if g ~= w then error(string.format("%s:\n  got  %s\n  want %s", name, g, w), 2) end
end

-- id, instruction, start, blocks added, blocks removed (the target's, verified by hand)
local cases = {
  {"CQ-game-102", "Stack five purple blocks in the middle of the grid.", {},
   {{0,-1,0,5},{0,0,0,5},{0,1,0,5},{0,2,0,5},{0,3,0,5}}, {}},
  {"CQ-game-1467", "Place two yellow blocks on top of the red blocks. Then destroy the two red blocks.",
   {{-5,-1,-5,3},{-5,0,-5,3}}, {{-5,1,-5,6},{-5,2,-5,6}}, {{-5,-1,-5,3},{-5,0,-5,3}}},
  {"CQ-game-3735", "Stack four yellow blocks on top of the existing one.", {{1,-1,-4,6}},
   {{1,0,-4,6},{1,1,-4,6},{1,2,-4,6},{1,3,-4,6}}, {}},
  {"CQ-game-4125", "Place three blue blocks stacked on top of each other on top of the single red block.", {{0,0,0,3}},
   {{0,1,0,1},{0,2,0,1},{0,3,0,1}}, {}},
  {"CQ-game-2306", "Facing North delete all red blocks and replace them with blue blocks in the same shape",
   {{0,-1,1,3},{0,0,1,3},{1,-1,1,3},{1,0,1,3}}, {{0,-1,1,1},{0,0,1,1},{1,-1,1,1},{1,0,1,1}},
   {{0,-1,1,3},{0,0,1,3},{1,-1,1,3},{1,0,1,3}}},
  {"CQ-game-3208", "Destroy 3 yellow blocks and build 3 blue blocks instead.", {{-1,-1,2,6},{0,-1,2,6},{1,-1,2,6}},
   {{-1,-1,2,1},{0,-1,2,1},{1,-1,2,1}}, {{-1,-1,2,6},{0,-1,2,6},{1,-1,2,6}}},
  {"CQ-game-1718", "Place a green block on each yellow block.", {{1,-1,4,6},{1,0,3,6},{1,1,2,6}},
   {{1,0,4,2},{1,1,3,2},{1,2,2,2}}, {}},
  {"CQ-game-2359", "Facing north build a tower of three blue blocks in between the red blocks.",
   {{-3,-1,-1,3},{-2,-1,-1,3},{0,-1,-1,3},{1,-1,-1,3}}, {{-1,-1,-1,1},{-1,0,-1,1},{-1,1,-1,1}}, {}},
  {"CQ-game-3002", "Place orange blocks on top of all the purple blocks.",
   {{-3,-1,0,5},{-3,-1,1,5},{-3,0,0,5},{-3,1,0,5},{0,-1,-1,5}}, {{-3,0,1,4},{-3,2,0,4},{0,0,-1,4}}, {}},
  {"CQ-game-2097", "On the western face of the blocks build a tower of 3 blue blocks.", {{0,-1,0,1},{0,0,0,3}},
   {{-1,-1,0,1},{-1,0,0,1},{-1,1,0,1}}, {}},
  {"CQ-game-2175", "Remove the top three blocks.", {{-1,-1,1,5},{-1,0,1,5},{-1,1,1,5},{-1,2,1,5},{-1,3,1,5}},
   {}, {{-1,1,1,5},{-1,2,1,5},{-1,3,1,5}}},
  {"CQ-game-3565", "Add four green blocks on top of the red. Add four orange blocks on top of the green.",
   {{0,-1,0,3},{0,-1,1,3},{1,-1,0,3},{1,-1,1,3}},
   {{0,0,0,2},{0,0,1,2},{1,0,0,2},{1,0,1,2},{0,1,0,4},{0,1,1,4},{1,1,0,4},{1,1,1,4}}, {}},
}
for _, c in ipairs(cases) do
  local g = text.ground(c[2], c[3])
  same(c[1] .. " placed", g.placed, c[4])
  same(c[1] .. " removed", g.removed, c[5])
  assert(g.confidence > 0 and g.confidence <= 1, c[1] .. ": confidence in (0, 1]")
  assert(#g.clauses >= 1 and #g.clauses[1].trace >= 1, c[1] .. ": a trace")
  assert(g.predicted:count() == #c[3] + #c[4] - #c[5] or #c[4] == #c[5], c[1] .. ": predicted grid")
end

-- The facing convention (core/env/compass.hpp): facing north, right is east (+x); facing south,
-- right is west; no facing reads as north.
local blue = {{0,-1,0,1}}
same("facing north right", text.ground("Facing north place a red block to the right of the blue block.", blue).placed, {{1,-1,0,3}})
same("facing south right", text.ground("Facing south place a red block to the right of the blue block.", blue).placed, {{-1,-1,0,3}})
same("facing east left", text.ground("Facing east put a red block left of the blue block", blue).placed, {{0,-1,-1,3}})
same("no facing", text.ground("place a red block to the right of the blue block", blue).placed, {{1,-1,0,3}})
same("compass", text.ground("place a red block west of the blue block", blue).placed, {{-1,-1,0,3}})
-- Lexicon.
assert(text.colour("violet") == 5 and text.colour("gold") == 6 and text.colour("table") == nil)
assert(text.number("seven") == 7 and text.number("12") == 12 and text.number("99999999999999999999") == 1001)
assert(text.number("blue") == nil)
local dx, dz = text.compass("northwest")
assert(dx == -1 and dz == -1 and text.compass("up") == nil)
-- Candidates: an unspecified shape gives both readings, best first.
local g = text.ground("Place three red blocks next to the blue block.", blue)
local cands = g.clauses[1].candidates
assert(#cands == 2 and cands[1].confidence >= cands[2].confidence and #cands[1].blocks == 3, "two readings")

-- Hostile inputs: nothing raises, work is bounded, every block stays in the zone.
local function in_zone(list)
  for _, b in ipairs(list) do
    assert(b[1] >= -5 and b[1] <= 5 and b[2] >= -1 and b[2] <= 7 and b[3] >= -5 and b[3] <= 5 and b[4] >= 1 and b[4] <= 6)
  end
end
local hostile = {
  "", " ", ".", "....;;;!!!???", "then then then", "and and and build",
  string.rep("place a red block on top of the red block. ", 2000),  -- 88 kB: cut at 4096 bytes
  string.rep("x", 1000000),
  "place 10^100 red blocks", "stack 99999999999999999999999999 blue blocks", "build -5 green blocks",
  "place \0 red \0 block", "place a réd blöck ☃ 🧱 on top", "\255\254\253 place blue", "\xC0\xAF stack 3 red",
  string.rep("between ", 600) .. "red", string.rep("corner ", 700), string.rep("red ", 1000) .. "blocks",
  "facing facing facing north north", "remove all blocks", "replace with", "replace red with",
  "stack 30 red blocks on top of the red block", "build a 30 by 30 wall of blue", "a 30 x 30 square of purple",
  "stairs of 30 green blocks", "an L shape of 30 red blocks", "a diagonal of 30 yellow blocks",
}
local full = {}
for x = -5, 5 do for z = -5, 5 do full[#full + 1] = {x, -1, z, 3} end end
for i, s in ipairs(hostile) do
  for _, start in ipairs({{}, blue, full}) do
    local ok, res = pcall(text.ground, s, start)
    assert(ok, "hostile " .. i .. ": " .. tostring(res))
    in_zone(res.placed); in_zone(res.removed)
    assert(#res.clauses <= 16, "clause cap")
    for _, c in ipairs(res.clauses) do
      assert(#c.candidates <= 4, "candidate cap")
      for _, k in ipairs(c.candidates) do assert(#k.blocks <= 64, "block cap") end
    end
  end
end
local cut = text.ground(string.rep("x", 5000), {})
assert(cut.notes[1] and cut.notes[1]:find("cut", 1, true), "a cut instruction says so")
-- Bad arguments are clear Lua errors.
local ok, err = pcall(text.ground, "place a red block", {{9, 0, 0, 1}})
assert(not ok and tostring(err):find("outside"), tostring(err))
ok, err = pcall(text.ground, nil, {})
assert(not ok, "instruction must be a string")
print("iglu.text: " .. #cases .. " real instructions, " .. #hostile .. " hostile inputs: ok")
