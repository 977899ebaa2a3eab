-- expect: instruction budget exceeded
-- The abort happens in a coroutine; the main thread's hook must not go back to every 1000
-- instructions, or the error lands inside the pcall'd loop every time and is swallowed.
pcall(coroutine.wrap(function() while true do end end))
while true do pcall(function() for _ = 1, 1e15 do end end) end
