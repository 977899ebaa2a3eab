-- expect: colour must be an integer in 1..6
local e = require("iglu").env{}
e:observation():inventory(2^32 + 1)
