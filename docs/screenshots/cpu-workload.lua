-- A small request-serving program for the sysprof screenshots in docs/:
-- parse, route, compute, encode. Recorded with
--   luajit record.lua cpu-workload.lua C off cpu-workload.bin
-- with record.lua of tests/data/sysprof beside it
-- (tarantool/luajit; in mode C its sysprof aborts when a trace allocates,
-- hence the JIT off). cpu-workload-fib.bin, for the comparison, is the same
-- with fib(18) every 10 requests instead of every 50.
local function parse_query(query)
  local params = {}
  for key, value in query:gmatch("([^&=]+)=([^&=]*)") do
    params[key] = value:upper()
  end
  return params
end

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

-- Insertion sort in Lua: this build's sysprof crashes on table.sort with a
-- Lua comparator.
local function rank(items)
  for i = 2, #items do
    local item, j = items[i], i - 1
    while j >= 1 and items[j].score < item.score do
      items[j + 1] = items[j]
      j = j - 1
    end
    items[j + 1] = item
  end
  return items
end

local function encode_value(value)
  if type(value) == "table" then
    local parts = {}
    for i = 1, #value do parts[i] = encode_value(value[i]) end
    return "[" .. table.concat(parts, ",") .. "]"
  elseif type(value) == "number" then
    return string.format("%.3f", value)
  end
  return string.format("%q", tostring(value))
end

local function handle(i)
  local params = parse_query(("user=u%d&page=%d&sort=score&filter=active"):format(i % 97, i % 13))
  local items = {}
  for k = 1, 40 do
    items[k] = {score = (k * 7919 + i) % 1000 / 7, name = params.user .. k}
  end
  rank(items)
  local out = {}
  for k = 1, 10 do out[k] = {items[k].score, items[k].name} end
  local body = encode_value(out)
  if i % 50 == 0 then body = body .. fib(18) end
  return #body
end

return function()
  local garbage = {}
  local total = 0
  local deadline = os.clock() + 3
  local i = 0
  while os.clock() < deadline do
    i = i + 1
    total = total + handle(i)
    garbage[i % 1000] = {i, tostring(i)}
  end
  return total
end
