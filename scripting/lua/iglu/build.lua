-- iglu.build: turn a target grid into primitive actions, in the spirit of CraftAssist's Tasks.
-- A Builder keeps one current task (break a block, place a block, place a scaffold block) and
-- drives it to completion through iglu.motion: go to a vantage point from which the line of
-- sight does the job (iglu.find_shot), look, act, check the grid, move on.
--
-- Order: wrong blocks are broken first (top down); target blocks are placed bottom-up, nearest
-- first, only when a neighbouring block (or the floor) can hold them; a block with no possible
-- support gets a scaffold path (the shortest chain of cells from a supported cell, preferring
-- cells the target needs anyway), and scaffold blocks are broken once every target block is in.
--
--   local build = require "iglu.build"
--   local b = build.new(obs.action_space, target_grid, { max_turn = nil })
--   function agent.act(obs) return b:act(obs) end     -- nil once the grid equals the target
local iglu = require "iglu"
local motion = require "iglu.motion"

local M = {}

local Builder = {}
Builder.__index = Builder

local abs, huge = math.abs, math.huge

local function key(x, y, z) return (y + 1) * 121 + (x + 5) * 11 + (z + 5) end
M.key = key

local FACES = { { 0, -1, 0 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 0, 1 }, { 0, 0, -1 }, { 0, 1, 0 } }

local function inZone(x, y, z) return x >= -5 and x <= 5 and z >= -5 and z <= 5 and y >= -1 and y <= 7 end

--- opts: max_turn (degrees per step, nil = unlimited), patience (steps without progress before
--- a task is set aside, default 12), retry_after (steps a set-aside task waits, default 40).
function M.new(space, target, opts)
  opts = opts or {}
  local self = setmetatable({}, Builder)
  self.space = space
  self.stance = space == "flying" and "flying" or "walking"
  self.target = target:copy()
  self.motion = motion.new(space, opts)
  self.patience = opts.patience or 12
  self.retry_after = opts.retry_after or 40
  self.scaffold = {}        -- key -> true for scaffold blocks we placed
  self.blocked = {}         -- key -> step until which the task on that cell is set aside
  self.task = nil           -- {op, x, y, z, colour, scaffold, shot = {x, y, z}, tries, idle}
  self.last_grid = iglu.grid()
  self.stats = { placed = 0, broken = 0, scaffolds = 0, replans = 0 }
  return self
end

-- Does some face neighbour of (x, y, z) hold a block (or the floor) a placement can lean on?
local function supported(grid, x, y, z)
  if y == -1 then return true end
  for i = 1, 6 do
    local f = FACES[i]
    if iglu.solid(grid, x + f[1], y + f[2], z + f[3]) ~= 0 then return true end
  end
  return false
end

local function dist2(obs, x, y, z)
  local dx, dy, dz = obs.x - x, obs.y - y, obs.z - z
  return dx * dx + dy * dy + dz * dz
end

-- A shot for an operation on a cell, from the agent's pose; nil when impossible right now.
-- Walking falls back to a pillar: jump and place a block under yourself until high enough.
function Builder:shot(grid, obs, op, x, y, z)
  local sx, sy, sz, yaw, pitch, cost = iglu.find_shot(grid, op, x, y, z, self.stance, obs.x, obs.y, obs.z)
  if sx then return { x = sx, y = sy, z = sz, yaw = yaw, pitch = pitch, cost = cost } end
  if self.stance ~= "walking" then return nil end
  local px, pz, level, pyaw, ppitch, pcost = iglu.find_pillar_shot(grid, self.target, op, x, y, z, obs.x, obs.z)
  if not px then return nil end
  return { x = px, y = level + 1.75, z = pz, yaw = pyaw, pitch = ppitch, cost = pcost + 20, pillar = level }
end

-- Picks the best of up to `limit` candidates (sorted by preference) that has a shot.
function Builder:pickFrom(grid, obs, list, op, limit)
  local best, bestScore = nil, huge
  local tried = 0
  for i = 1, #list do
    local c = list[i]
    local s = self:shot(grid, obs, op, c[1], c[2], c[3])
    if s then
      local score = s.cost + (c.rank or 0)
      local lim = self.motion.max_turn
      if lim then  -- steps spent turning to the shot's orientation
        local dyaw = abs(motion.wrap180(s.yaw - obs.yaw))
        if abs(s.pitch) >= 90 then dyaw = 0 end
        score = score + math.ceil(math.max(dyaw, abs(s.pitch - obs.pitch)) / lim)
      end
      if score < bestScore then best, bestScore = { c = c, shot = s }, score end
      tried = tried + 1
      if tried >= limit then break end
    end
  end
  return best
end

local function colourAvailable(obs, colour) return obs:inventory(colour) > 0 end

-- The colour for a scaffold block: the one we hold most of.
local scaffoldColourFn
local function scaffoldColour(obs)
  local best, n = 1, -1
  for c = 1, 6 do
    local k = obs:inventory(c)
    if k > n then best, n = c, k end
  end
  return n > 0 and best or nil
end
scaffoldColourFn = scaffoldColour

-- Shortest chain of empty cells from a supported cell to `goal` (0-1 BFS: cells the target
-- needs cost nothing, other cells become scaffold). Returns the first cell to fill (supported,
-- with a shot) or nil.
function Builder:scaffoldStep(grid, obs, gx, gy, gz)
  local target = self.target
  local dist, prev = {}, {}
  local deque, head, tail = {}, 0, 0
  local function pushFront(k) head = head - 1; deque[head] = k end
  local function pushBack(k) deque[tail] = k; tail = tail + 1 end
  local start = key(gx, gy, gz)
  dist[start] = 0
  pushBack(start)
  local coords = {}
  coords[start] = { gx, gy, gz }
  while head < tail do
    local k = deque[head]; deque[head] = nil; head = head + 1
    local c = coords[k]
    local x, y, z = c[1], c[2], c[3]
    if k ~= start and supported(grid, x, y, z) and not self:isBlocked(k, obs) then
      local op = "place"
      if self:shot(grid, obs, op, x, y, z) then
        local want = target:get(x, y, z)
        return x, y, z, want
      end
    end
    for i = 1, 6 do
      local f = FACES[i]
      local nx, ny, nz = x + f[1], y + f[2], z + f[3]
      if inZone(nx, ny, nz) and grid:get(nx, ny, nz) == 0 then
        local nk = key(nx, ny, nz)
        local w = target:get(nx, ny, nz) ~= 0 and 0 or 1
        local nd = dist[k] + w
        if dist[nk] == nil or nd < dist[nk] then
          dist[nk] = nd
          coords[nk] = { nx, ny, nz }
          if w == 0 then pushFront(nk) else pushBack(nk) end
        end
      end
    end
  end
  return nil
end

function Builder:isBlocked(k, obs)
  local until_step = self.blocked[k]
  return until_step ~= nil and obs.step < until_step
end

-- Chooses the next task from the difference between the grid and the target.
function Builder:plan(grid, obs)
  self.stats.replans = self.stats.replans + 1
  local diff = grid:diff(self.target)
  if #diff == 0 then return nil, true end
  local removals, scaffolds, places = {}, {}, {}
  for i = 1, #diff do
    local d = diff[i]
    local x, y, z, have, want = d[1], d[2], d[3], d[4], d[5]
    local k = key(x, y, z)
    if not self:isBlocked(k, obs) then
      if have ~= 0 then
        d.rank = -y * 0.5  -- top down
        if self.scaffold[k] and want == 0 then scaffolds[#scaffolds + 1] = d else removals[#removals + 1] = d end
      elseif supported(grid, x, y, z) then
        d.rank = (y + 1) * 3  -- bottom up
        places[#places + 1] = d
      end
    end
  end
  local function byRank(a, b)
    if a.rank ~= b.rank then return a.rank < b.rank end
    return dist2(obs, a[1], a[2], a[3]) < dist2(obs, b[1], b[2], b[3])
  end
  if #removals > 0 then
    table.sort(removals, byRank)
    local p = self:pickFrom(grid, obs, removals, "break", 4)
    if p then return { op = "break", x = p.c[1], y = p.c[2], z = p.c[3], shot = p.shot } end
  end
  -- Placements need the colour in the inventory.
  local usable = {}
  for i = 1, #places do
    if colourAvailable(obs, places[i][5]) then usable[#usable + 1] = places[i] end
  end
  if #usable > 0 then
    table.sort(usable, byRank)
    local p = self:pickFrom(grid, obs, usable, "place", 6)
    if p then return { op = "place", x = p.c[1], y = p.c[2], z = p.c[3], colour = p.c[5], shot = p.shot } end
  end
  -- Target blocks left that nothing can hold yet: scaffold toward the lowest one.
  local missing = {}
  for i = 1, #diff do
    local d = diff[i]
    if d[4] == 0 and d[5] ~= 0 and not supported(grid, d[1], d[2], d[3]) then missing[#missing + 1] = d end
  end
  table.sort(missing, function(a, b) return a[2] < b[2] end)
  for i = 1, math.min(#missing, 3) do
    local d = missing[i]
    local x, y, z, want = self:scaffoldStep(grid, obs, d[1], d[2], d[3])
    if x then
      local scaffold = want == 0
      local colour = want
      if scaffold then colour = scaffoldColour(obs) end
      if colour and colourAvailable(obs, colour) then
        local s = self:shot(grid, obs, "place", x, y, z)
        if s then return { op = "place", x = x, y = y, z = z, colour = colour, scaffold = scaffold, shot = s } end
      end
    end
  end
  -- Finally the scaffolding comes down.
  if #scaffolds > 0 and #missing == 0 then
    table.sort(scaffolds, byRank)
    local p = self:pickFrom(grid, obs, scaffolds, "break", 4)
    if p then return { op = "break", x = p.c[1], y = p.c[2], z = p.c[3], shot = p.shot } end
  end
  return nil, false
end

-- Is the current task's cell already as the task wants it?
local function taskDone(task, grid)
  local have = grid:get(task.x, task.y, task.z)
  if task.op == "place" then return have ~= 0 end
  return have == 0
end

function Builder:setAside(task, obs)
  self.blocked[key(task.x, task.y, task.z)] = obs.step + self.retry_after
  self.task = nil
end

--- One action toward the target, or nil when the grid equals the target. When nothing can be
--- done right now the builder waits (a no-op action) and retries set-aside tasks later.
function Builder:act(obs)
  local grid = obs.grid
  local m = self.motion
  m:clear()
  local task = self.task
  if task and taskDone(task, grid) then
    if task.op == "place" then
      self.stats.placed = self.stats.placed + 1
      if task.scaffold then self.scaffold[key(task.x, task.y, task.z)] = true; self.stats.scaffolds = self.stats.scaffolds + 1 end
    else
      self.stats.broken = self.stats.broken + 1
      self.scaffold[key(task.x, task.y, task.z)] = nil
    end
    task, self.task = nil, nil
  end
  -- The world changed (other than by our own pillar blocks): re-plan.
  if task and not task.shot.pillar and not grid:equals(self.last_grid) then task, self.task = nil, nil end
  if not task then
    local finished
    task, finished = self:plan(grid, obs)
    if not task and not finished and next(self.blocked) ~= nil then
      -- Nothing possible but tasks set aside: retry them now rather than wait.
      self.blocked = {}
      task, finished = self:plan(grid, obs)
    end
    if finished then return nil end
    self.last_grid:assign(grid)
    if not task then return m.action end  -- nothing possible now: wait for set-aside tasks
    task.tries, task.idle = 0, 0
    self.task = task
  end

  -- From here: act if the line of sight works from where we are, else move toward the shot.
  local s = task.shot
  local yaw, pitch
  if m.max_turn then  -- of the orientations that work, the one nearest to the camera
    yaw, pitch = iglu.aim(grid, task.op, obs.x, obs.y, obs.z, task.x, task.y, task.z, obs.yaw, obs.pitch)
  else
    yaw, pitch = iglu.aim(grid, task.op, obs.x, obs.y, obs.z, task.x, task.y, task.z)
  end
  if yaw then
    if m:look(obs, yaw, pitch) then
      if task.op == "place" then m:place(task.colour) else m:break_block() end
      task.tries = task.tries + 1
      if task.tries > 3 then self:setAside(task, obs) end
      return m.action
    end
    -- Still turning. A pillar under construction goes on (a jump cannot wait for the camera).
    local level = s.pillar and M.standingLevel(obs)
    if not s.pillar or (level ~= nil and level >= s.pillar) then return m.action end
    m:clear()
  end
  local arrived
  if s.pillar then
    local r = self:pillarStep(obs, grid, task)
    if r ~= nil then return m.action end
    -- r == nil: the pillar failed; set the task aside
    self:setAside(task, obs)
    return m.action
  end
  -- With a turning limit, turn toward the shot's orientation on the way (moving does not need
  -- a particular yaw: the movement direction is relative to the turned camera).
  if m.max_turn then m:look(obs, s.yaw, s.pitch) end
  if self.stance == "flying" then
    arrived = self:flyTo(obs, grid, s.x, s.y, s.z)
  else
    arrived = m:walk_toward(obs, grid, s.x, s.z)
  end
  if arrived == nil then
    self:setAside(task, obs)
  elseif arrived then
    -- At the vantage point but the float pose misses: look for another shot from here.
    local ns = self:shot(grid, obs, task.op, task.x, task.y, task.z)
    task.idle = task.idle + 3
    if ns and (abs(ns.x - s.x) + abs(ns.y - s.y) + abs(ns.z - s.z)) > 0.1 then task.shot = ns
    elseif task.idle > self.patience then self:setAside(task, obs) end
  else
    task.idle = task.idle + 1
    if task.idle > self.patience * 4 then self:setAside(task, obs) end
  end
  return m.action
end

-- Standing level under the agent: y of the block it stands on (-2 = the floor), or nil mid-air.
local function standingLevel(obs)
  local l = math.floor(obs.y - 1.75 + 0.5)
  if abs(obs.y - (l + 1.75)) < 1e-4 then return l end
  return nil
end
M.standingLevel = standingLevel

-- One step of "build a pillar at the shot's column up to its level": walk to the column, then
-- jump looking straight down and place below as soon as the line of sight allows. Returns true
-- while working, nil when stuck.
function Builder:pillarStep(obs, grid, task)
  local m, s = self.motion, task.shot
  local level = standingLevel(obs)
  local dx, dz = s.x - obs.x, s.z - obs.z
  local onColumn = dx * dx + dz * dz < 0.2 * 0.2
  if not onColumn then
    if level == nil then return true end  -- falling: wait
    local r = m:walk_toward(obs, grid, s.x, s.z, 0.15)
    if r == nil then return nil end
    task.idle = task.idle + 1
    if task.idle > self.patience * 6 then return nil end
    return true
  end
  -- On the column: place under ourselves whenever possible (mid-jump).
  if level == nil or level < s.pillar then
    -- The cell the next pillar block goes into: above where we stand (or jumped from).
    local from = level or task.jump_level
    if from == nil then return true end  -- falling onto the column: wait
    local cy = from + 1
    if grid:get(s.x, cy, s.z) == 0 and iglu.aim(grid, "place", obs.x, obs.y, obs.z, s.x, cy, s.z) then
      local yaw, pitch = iglu.aim(grid, "place", obs.x, obs.y, obs.z, s.x, cy, s.z)
      if m:look(obs, yaw, pitch) then
        local colour = self.target:get(s.x, cy, s.z)
        if colour == 0 then
          colour = scaffoldColourFn(obs)
          if not colour then return nil end
          self.scaffold[key(s.x, cy, s.z)] = true
        end
        m:place(colour)
      end
      return true
    end
    if level ~= nil then
      -- Standing: look straight down first, then jump.
      if m:look(obs, obs.yaw, -90) then
        m.action.jump = true
        task.jump_level = level
        task.jumps = (task.jumps or 0) + 1
        if task.jumps > (s.pillar + 3) * 3 then return nil end
      end
    end
    return true
  end
  -- At (or above) the level but the shot does not work: give up on this pillar.
  return nil
end

-- Flying with a detour: straight when the flight is clear, else up over the structure, across,
-- and down. Returns true once at (tx, ty, tz).
function Builder:flyTo(obs, grid, tx, ty, tz)
  local m = self.motion
  local x, y, z = obs.x, obs.y, obs.z
  if iglu.flight_clear(grid, x, y, z, tx, ty, tz) then return m:fly_toward(obs, tx, ty, tz) end
  local cruise = 9.3
  if y < cruise - 0.2 and iglu.flight_clear(grid, x, y, z, x, cruise, z) then
    return m:fly_toward(obs, x, cruise, z) and false
  end
  if iglu.flight_clear(grid, x, y, z, tx, cruise, tz) then
    local dx, dz = tx - x, tz - z
    if dx * dx + dz * dz > 0.01 then return m:fly_toward(obs, tx, cruise, tz) and false end
  end
  return m:fly_toward(obs, tx, ty, tz)  -- blocked everywhere: push through (collisions decide)
end

return M
