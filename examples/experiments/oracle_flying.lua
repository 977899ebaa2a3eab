-- The oracle builder in the flying action space, 500 steps per episode, target observable.
-- iglu run examples/experiments/oracle_flying.lua --db iglu.db            (catalog tasks)
-- iglu run examples/experiments/oracle_flying.lua --tasks FILE.jsonl       (a task list)
return {
  name = "oracle_flying",
  agent = "../agents/oracle.lua",
  tasks = "all",
  env = { action_space = "flying", max_steps = 500, target_in_obs = true },
  seeds = { 1 },
  repetitions = 1,
  agent_options = { max_turn = 5 },  -- degrees per step, as the action space declares; 0 = unlimited
}
