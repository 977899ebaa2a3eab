-- The baseline language builder (examples/agents/language_builder.lua) in the flying action
-- space, target hidden (the RL track of IGLU 2022: the builder sees the instruction and the start
-- world, never the target).
-- iglu run examples/experiments/language_builder.lua --db iglu.db --json
return {
  name = "language_builder",
  agent = "../agents/language_builder.lua",
  tasks = "all",
  env = { action_space = "flying", max_steps = 500, target_in_obs = false },
  seeds = { 1 },
  repetitions = 1,
  record_rollouts = true,  -- Playback / Compare, and the final grids for the IGLU-2022 F1
  agent_options = { max_turn = 5 },
}
