-- The do-nothing agent: the baseline every summary compares against (and the trivial agent of
-- `iglu bench`'s lua_agent_steps_per_s). Walking: discrete action 0 is noop; flying: a table
-- with no movement, no turn and no placement.
local NOOP = 0
local FLY_NOOP = { movement = { 0, 0, 0 }, camera = { 0, 0 }, inventory = 0, placement = 0 }
local noop = NOOP
return {
  reset = function(obs, task) noop = obs.action_space == "flying" and FLY_NOOP or NOOP end,
  act = function(obs) return noop end,
}
