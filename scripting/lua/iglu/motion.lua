-- iglu.motion: primitive controllers that turn "look at", "go to", "place", "break" into one
-- environment action per call, for both action spaces. One Motion owns one reusable action table
-- (no table is allocated per step).
--
--   local motion = require "iglu.motion"
--   local m = motion.new("flying", { max_turn = nil })   -- max_turn: degrees per step (nil = any)
--   m:clear(); m:look(obs, yaw, pitch); m:place(colour); return m.action
--
-- Physics used here (shared/conformance/README.md): a flying step moves 0.75 horizontally in the
-- direction yaw + atan2(s0, s1) whatever the magnitude of (s0, s1) (with s1 ~= 0 there is no
-- pitch-driven vertical part) and 0.3464 * m2 vertically; a walking step moves 0.25 in one of
-- the directions of the forward/back/left/right flags.
local iglu = require "iglu"

local M = {}
M.FLY_STEP = 0.75
M.FLY_LIFT = 6.928203230275509 / 20
M.WALK_STEP = 0.25

local Motion = {}
Motion.__index = Motion

local deg, rad, atan, cos, sin, sqrt, abs, floor = math.deg, math.rad, math.atan, math.cos, math.sin, math.sqrt, math.abs, math.floor

local function wrap180(a)
  a = a % 360
  if a > 180 then a = a - 360 end
  return a
end
M.wrap180 = wrap180

local function clamp(v, lo, hi)
  if v < lo then return lo elseif v > hi then return hi end
  return v
end

function M.new(space, opts)
  opts = opts or {}
  local self = setmetatable({ space = space, max_turn = opts.max_turn }, Motion)
  if space == "flying" then
    self.action = { movement = { 0, 0, 0 }, camera = { 0, 0 }, inventory = 0, placement = 0 }
  else
    self.action = { forward = false, back = false, left = false, right = false, jump = false,
                    attack = false, use = false, camera = { 0, 0 }, hotbar = 0 }
  end
  return self
end

--- Resets the action to "do nothing".
function Motion:clear()
  local a = self.action
  a.camera[1], a.camera[2] = 0, 0
  if self.space == "flying" then
    local m = a.movement
    m[1], m[2], m[3] = 0, 0, 0
    a.inventory, a.placement = 0, 0
  else
    a.forward, a.back, a.left, a.right, a.jump, a.attack, a.use = false, false, false, false, false, false, false
    a.hotbar = 0
  end
  return self
end

--- Turns toward (yaw, pitch) in degrees; returns true when this step reaches it.
function Motion:look(obs, yaw, pitch)
  local dyaw = wrap180(yaw - obs.yaw)
  local dpitch = pitch - obs.pitch
  if abs(pitch) >= 90 then dyaw = 0 end  -- looking straight up or down: the yaw does not matter
  local lim = self.max_turn
  local reached = true
  if lim then
    if abs(dyaw) > lim then dyaw = clamp(dyaw, -lim, lim); reached = false end
    if abs(dpitch) > lim then dpitch = clamp(dpitch, -lim, lim); reached = false end
  end
  self.action.camera[1], self.action.camera[2] = dyaw, dpitch
  return reached
end

--- Places a block of `colour` where the line of sight (after this step's camera turn) ends.
function Motion:place(colour)
  local a = self.action
  if self.space == "flying" then a.inventory, a.placement = colour, 1
  else a.hotbar, a.use = colour, true end
end

--- Breaks the block in the line of sight.
function Motion:break_block()
  local a = self.action
  if self.space == "flying" then a.placement = 2 else a.attack = true end
end

-- Heading angle (degrees, world x/z plane: v = (cos h, 0, sin h)) of one full step that, with a
-- second full step, ends exactly at distance d (d < 2 * step), or the straight heading.
local function headingFor(dx, dz, step)
  local d = sqrt(dx * dx + dz * dz)
  local h = deg(atan(dz, dx))
  if d >= 2 * step or abs(d - step) < 0.02 * step then return h, d end  -- (float32 poses: not exact)
  local alpha = deg(math.acos(clamp(d / (2 * step), -1, 1)))
  return h + alpha, d
end

--- Flying: one step toward eye position (tx, ty, tz). Returns true when already there (within tol).
function Motion:fly_toward(obs, tx, ty, tz, tol)
  tol = tol or 0.05
  local dx, dy, dz = tx - obs.x, ty - obs.y, tz - obs.z
  local a = self.action
  local horizontal = dx * dx + dz * dz > tol * tol
  if not horizontal and abs(dy) <= tol then return true end
  if horizontal then
    local h = headingFor(dx, dz, M.FLY_STEP)
    local rel = rad(h - obs.yaw - a.camera[1])  -- heading = yaw (after this step's turn) + atan2(s0, s1)
    local s0, s1 = sin(rel), cos(rel)
    if abs(s1) < 1e-6 then s1 = 1e-6 end  -- s1 ~= 0 keeps the move horizontal
    a.movement[1], a.movement[2] = s0, s1
  end
  if abs(dy) > 1e-3 then a.movement[3] = clamp(dy / M.FLY_LIFT, -1, 1) end
  return false
end

-- The 8 walking flag combinations and their heading offsets from yaw (degrees).
local WALK_DIRS = {
  { -90, "forward" }, { 90, "back" }, { 180, "left" }, { 0, "right" },
  { -135, "forward", "left" }, { -45, "forward", "right" }, { 135, "back", "left" }, { 45, "back", "right" },
}

--- Walking: one step toward floor position (tx, tz) along free floor columns. Returns true when
--- there (within tol), false while moving, nil when no path exists.
function Motion:walk_toward(obs, grid, tx, tz, tol)
  tol = tol or 0.13
  local x, z = obs.x, obs.z
  local dx, dz = tx - x, tz - z
  if dx * dx + dz * dz <= tol * tol then return true end
  local wx, wz = iglu.next_waypoint(grid, x, z, tx, tz)
  if not wx then return nil end
  dx, dz = wx - x, wz - z
  local h = headingFor(dx, dz, M.WALK_STEP)
  local a = self.action
  if not self.max_turn then
    -- Turn so that "forward" (heading yaw - 90) points exactly along h.
    a.camera[1] = wrap180(h + 90 - obs.yaw)
    a.forward = true
    return false
  end
  -- Limited turning: far away, take the flag combination closest to h (after this step's turn);
  -- on the final approach turn so that one combination points exactly along h, then step.
  local d = sqrt(dx * dx + dz * dz)
  if d < 2 * M.WALK_STEP + 0.1 then
    local best, bestTurn = nil, 1e9
    for i = 1, #WALK_DIRS do
      local turn = wrap180(h - WALK_DIRS[i][1] - obs.yaw)
      if abs(turn) < abs(bestTurn) then best, bestTurn = WALK_DIRS[i], turn end
    end
    a.camera[1] = clamp(bestTurn, -self.max_turn, self.max_turn)
    if abs(bestTurn) > self.max_turn then return false end  -- turn first, step next time
    a[best[2]] = true
    if best[3] then a[best[3]] = true end
    return false
  end
  local best, bestErr = nil, 1e9
  local yaw = obs.yaw + a.camera[1]  -- the yaw after this step's turn
  for i = 1, #WALK_DIRS do
    local err = abs(wrap180(yaw + WALK_DIRS[i][1] - h))
    if err < bestErr then best, bestErr = WALK_DIRS[i], err end
  end
  a[best[2]] = true
  if best[3] then a[best[3]] = true end
  return false
end

return M
