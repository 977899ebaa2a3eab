-- expect: attempt to call a nil value
local e = require("iglu").env{}
local obs = e:observation()
getmetatable(e).__gc(e)
print(obs.grid:count())
