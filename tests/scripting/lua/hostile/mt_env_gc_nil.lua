-- expect: attempt to call a nil value
-- The env metatable is locked: getmetatable returns a string, __gc is out of reach.
getmetatable(require("iglu").env{}).__gc(nil)
