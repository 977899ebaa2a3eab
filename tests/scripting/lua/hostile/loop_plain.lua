-- expect: instruction budget exceeded
while true do end
