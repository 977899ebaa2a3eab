-- expect: x must be a finite number
local e = require("iglu").env{}
e:set_pose(0/0, 0, 0)
