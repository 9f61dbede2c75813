-- A recursive descent thirty frames deep (each level waits for the next:
-- no tail calls), for the deep top-down screenshots; recorded with
--   luajit record.lua deep-recursion.lua L off deep-recursion.bin 1
local function nested(depth)
  local node = {value = "leaf"}
  for i = 1, depth do node = {name = "level" .. i, child = node, items = {1, 2, 3}} end
  return node
end

local function encode(node, out)
  for _, item in ipairs(node.items or {}) do out[#out + 1] = string.format("%d,", item) end
  if node.child then
    local n = encode(node.child, out)
    out[#out + 1] = "}"
    return n
  end
  for i = 1, 200 do out[#out + 1] = string.rep("x", i % 17) end
  return #out
end

return function()
  local doc, total = nested(30), 0
  for _ = 1, 15000 do total = total + encode(doc, {}) end
  return total
end
