-- expect: action id must be an integer
require("iglu").action_name(2^40)
