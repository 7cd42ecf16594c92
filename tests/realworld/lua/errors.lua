-- Errors: error values, pcall/xpcall, error positions, runtime errors, tostring of errors.
print(pcall(error, "plain"))
print(select(2, pcall(error, {code = 42})).code)
print(select(2, pcall(error, setmetatable({}, {__tostring = function() return "custom" end}))) ~= nil)
print(pcall(error))
local function lvl1() error("at level 1") end
local function lvl2() error("at level 2", 2) end
print(pcall(lvl1))
print(pcall(lvl2))
print(pcall(function() local t = nil; return t.x end))
print(pcall(function() return 1 + {} end))
print(pcall(function() return #5 end))
print(pcall(function() return ("x") < 1 end))
print(pcall(function() return 1 // 0 end))
print(pcall(function() return 1 % 0 end))
print(pcall(function() return math.tointeger(2^63) end))
print(pcall(function() return 1 < nil end))
print(pcall(function() undefinedfunction() end))
print(pcall(function() local a = {} a.b.c = 1 end))
print(pcall(string.sub))
print(pcall(setmetatable, 1, {}))
print(xpcall(function() error("with handler") end, function(m) return "handled: " .. m end))
print(xpcall(function(a, b) return a + b end, print, 3, 4))
local tb = select(2, xpcall(function() local function inner() error("deep") end inner() end, debug.traceback))
print((tb:gsub("\n.*", "")))
local ok, e = pcall(function() assert(false, "assertion message") end)
print(ok, e)
print(pcall(assert, 1 == 1, "unused"))
print(pcall(assert, nil))
local function thrower(n) if n == 0 then error({depth = "bottom"}) end thrower(n - 1) end
local ok2, obj = pcall(thrower, 50)
print(ok2, type(obj), obj.depth)
local closed = {}
do
  local ok3 = pcall(function()
    local res <close> = setmetatable({}, {__close = function(_, err) closed[#closed + 1] = tostring(err) end})
    error("closing")
  end)
  print(ok3, (closed[1]:gsub("^.-:%d+: ", "")))
end
local count = 0
for i = 1, 1000 do
  local ok4 = pcall(function() if i % 3 == 0 then error(i) end return i end)
  if not ok4 then count = count + 1 end
end
print(count)
print(select("#", pcall(function() return 1, 2, 3 end)))
print(string.format("%s", select(2, pcall(error, 12))), tostring(select(2, pcall(error, 1.5))))
local so = pcall(function() local function r() return 1 + r() end return r() end)
print(so)
print(pcall(load, "return +"))
print(load("syntax error here"))
