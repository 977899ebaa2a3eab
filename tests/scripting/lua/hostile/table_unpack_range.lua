-- expect: instruction budget exceeded
while true do pcall(table.unpack, {}, 1, 900000) end
