-- Returns an action id the environment does not know.
return { act = function(obs) return 99 end }
