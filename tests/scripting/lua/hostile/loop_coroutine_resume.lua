-- expect: instruction budget exceeded
while true do
  local co = coroutine.create(function() while true do coroutine.yield() end end)
  while coroutine.resume(co) do end
end
