-- The oracle builder in the walking action space (dict actions), 1000 steps per episode.
-- iglu run examples/experiments/oracle_walking.lua --db iglu.db
return {
  name = "oracle_walking",
  agent = "../agents/oracle.lua",
  tasks = "all",
  env = { action_space = "walking", max_steps = 1000, target_in_obs = true },
  seeds = { 1 },
  repetitions = 1,
  agent_options = { max_turn = 5 },  -- degrees per step, as the action space declares; 0 = unlimited
}
