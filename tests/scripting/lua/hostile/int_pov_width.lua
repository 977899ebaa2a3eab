-- expect: field 'pov_width' must be an integer in 1..4096
require("iglu").env{pov = true, pov_width = 2^32 + 64}
