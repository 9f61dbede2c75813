-- A second real recording for speed measurements, shaped like a batch job
-- rather than a service (about 160 MB, 20 M events; not committed, record
-- it with a memprof-capable LuaJIT, e.g. ../shared/runtime/luajit):
--   luajit bench/recipes/batch-job.lua build/batch-job.bin
-- The JIT on, so most allocations come from traces; records parsed into
-- tables, grouped and joined into strings, most of them dropped per batch
-- (allocations freed soon) and a summary kept per key (held to the end);
-- halfway a large C library is loaded (LLVM, which clang brings), so that
-- tens of thousands of C symbols arrive in the middle of the event stream.
local ffi = require("ffi")
local out = arg[1] or "batch-job.bin"
local libraries = { "libLLVM-15.so.1", "libLLVM-14.so.1", "libclang-cpp.so.14", "libz3.so.4" }

local function parse(n)
  local fields = {}
  for i = 1, 6 do fields[i] = (n * 31 + i * 17) % 1000 end
  return { key = "k" .. (n % 4099), fields = fields, tag = (n % 3 == 0) and "hot" or "cold" }
end

local function render(record)
  return ("%s|%s|%d,%d,%d"):format(record.key, record.tag, record.fields[1], record.fields[2], record.fields[3])
end

local summary = {}
local function fold(batch)
  local groups = {}
  for _, record in ipairs(batch) do
    local group = groups[record.key]
    if not group then group = {}; groups[record.key] = group end
    group[#group + 1] = render(record)
  end
  for key, lines in pairs(groups) do
    local s = summary[key]
    if not s then s = { count = 0, last = nil }; summary[key] = s end
    s.count = s.count + #lines
    s.last = table.concat(lines, "\n") -- replaces the last batch's: freed later
  end
end

local loaded = 0
assert(misc.memprof.start(out))
local batch = {}
for n = 1, 930000 do
  batch[#batch + 1] = parse(n)
  if #batch == 2000 then fold(batch); batch = {} end
  if n == 465000 then
    for _, name in ipairs(libraries) do
      if pcall(ffi.load, name) then loaded = loaded + 1 end
    end
  end
end
fold(batch)
assert(misc.memprof.stop())
io.stderr:write(("batch-job: %d C libraries loaded halfway\n"):format(loaded))
