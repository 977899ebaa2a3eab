-- Checks that the experiment's agent_options arrive as reset's third argument, then finishes.
return {
  reset = function(obs, task, options)
    assert(options.answer == 42 and options.name == "x" and options.on == true and options.ratio == 0.5, "options missing")
  end,
  act = function(obs) return nil end,
}
