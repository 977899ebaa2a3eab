-- expect: string.rep of nothing is nothing
assert(string.rep("", 2^62) == "")
assert(string.rep("", 2^62, "") == "")
assert((""):rep(math.maxinteger) == "")
error("string.rep of nothing is nothing")
