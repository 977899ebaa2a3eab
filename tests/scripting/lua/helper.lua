-- A module for the sandbox tests: found by require in the script folder.
local M = { answer = 42 }
function M.fail()
  error("helper failed on purpose")
end
return M
