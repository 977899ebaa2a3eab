-- Tries to leave the sandbox from an agent: must fail the episode, not succeed.
return {
  reset = function(obs, task) end,
  act = function(obs)
    local ok = pcall(function() return io.open("/etc/passwd") end)
    if ok then return 0 end
    os.execute("touch /tmp/iglu_escape")
    return 0
  end,
}
