-- Tables: arrays, hashes, sorting, metatables, length and iteration.
local t = {}
for i = 1, 1000 do t[i] = (i * 7919) % 1009 end
table.sort(t)
print(#t, t[1], t[500], t[1000])
table.sort(t, function(a, b) return a > b end)
print(t[1], t[2], t[1000])
local words = {"pear", "apple", "fig", "banana", "cherry", "date"}
table.sort(words)
print(table.concat(words, " "))
table.sort(words, function(a, b) return #a < #b or (#a == #b and a < b) end)
print(table.concat(words, " "))
table.insert(words, 1, "kiwi") table.insert(words, "lime")
print(table.remove(words), table.remove(words, 1), #words, table.concat(words, ",", 2, 4))
print(table.unpack({1, 2, 3})) print(select("#", table.unpack({1, nil, 3}, 1, 3)))
local packed = table.pack(1, nil, 3)
print(packed.n, packed[1], packed[2], packed[3])
print(table.move({1, 2, 3, 4, 5}, 2, 4, 1)[1], #table.move({1, 2, 3}, 1, 3, 3, {}))
local h = {}
for i = 1, 200 do h["k" .. i] = i * i end
local keys = {}
for k in pairs(h) do keys[#keys + 1] = k end
table.sort(keys)
print(#keys, keys[1], keys[200], h.k150)
h.k150 = nil
local count = 0
for _ in pairs(h) do count = count + 1 end
print(count, rawlen({1, 2, 3}), rawequal(h, h), rawget(h, "k1"))
local mixed = {10, 20, 30, x = 1, y = 2, [3.0] = "three", [-1] = "neg"}
print(#mixed, mixed[3], mixed[-1], mixed.x)
for i, v in ipairs({"a", "b", nil, "d"}) do io.write(i, v, " ") end print()
local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, Vec) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__lt = function(a, b) return a:len2() < b:len2() end
Vec.__le = function(a, b) return a:len2() <= b:len2() end
Vec.__tostring = function(v) return "(" .. v.x .. "," .. v.y .. ")" end
Vec.__len = function() return 2 end
Vec.__call = function(v, k) return v.x * k end
Vec.__concat = function(a, b) return tostring(a) .. tostring(b) end
Vec.__unm = function(a) return setmetatable({x = -a.x, y = -a.y}, Vec) end
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
function Vec:len2() return self.x * self.x + self.y * self.y end
local a, b = Vec.new(1, 2), Vec.new(3, 4)
print(tostring(a + b), a == Vec.new(1, 2), a < b, b <= a, #a, a(10), a .. b, tostring(-a))
local defaults = setmetatable({}, {__index = function(_, k) return k .. "?" end})
print(defaults.foo, rawget(defaults, "foo"))
local log = {}
local proxy = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v * 2) end})
proxy.a = 1 proxy.b = 2 proxy.a = 5
print(proxy.a, proxy.b, table.concat(log, ","))
local grid = {}
for i = 1, 50 do grid[i] = {} for j = 1, 50 do grid[i][j] = i * j end end
local sum = 0
for i = 1, 50 do for j = 1, 50 do sum = sum + grid[i][j] end end
print(sum, next({}), type(next({5})))
local weak = setmetatable({}, {__mode = "k"})
weak[{}] = 1
collectgarbage() collectgarbage()
local left = 0 for _ in pairs(weak) do left = left + 1 end
print(left, collectgarbage("count") > 0)
