-- The do-nothing agent: the baseline every summary compares against (and the trivial agent of
-- `iglu bench`'s lua_agent_steps_per_s). Walking: discrete action 0 is noop.
local NOOP = 0
return {
  reset = function(obs, task) end,
  act = function(obs) return NOOP end,
}
