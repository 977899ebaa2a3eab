-- expect: not an integer in the int range
require("iglu").grid{{2^32, 0, 0, 1}}
