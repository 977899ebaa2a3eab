-- expect: instruction budget exceeded
while true do xpcall(function() error("x") end, function() while true do end end) end
