-- expect: table expected, got iglu.Env
setmetatable(require("iglu").env{}, {})
