-- expect: field 'max_steps' must be an integer in 0..
require("iglu").env{max_steps = 1e300}
