-- Closures, upvalues, varargs, recursion and tail calls.
local function counter(start)
  local n = start
  return function(step) n = n + (step or 1); return n end, function() return n end
end
local inc, get = counter(10)
inc() inc(5)
print(get(), inc(-3))
local fns = {}
for i = 1, 5 do fns[i] = function() return i * i end end
print(fns[1](), fns[3](), fns[5]())
local shared = {}
do
  local x = 0
  shared.add = function(d) x = x + d end
  shared.get = function() return x end
end
shared.add(4) shared.add(6)
print(shared.get())
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(fib(25))
local memo = {}
local function mfib(n)
  if n < 3 then return 1 end
  if memo[n] then return memo[n] end
  local v = mfib(n - 1) + mfib(n - 2)
  memo[n] = v
  return v
end
print(mfib(90))
local function loop(n, acc) if n == 0 then return acc end return loop(n - 1, acc + n) end
print(loop(1000000, 0))
local function va(...)
  local a, b = ...
  if select("#", ...) == 0 then return 0 end
  return select("#", ...), a, b, select(-1, ...)
end
print(va(1, nil, 3, nil))
print(va())
local function curry(f) return function(a) return function(b) return f(a, b) end end end
print(curry(function(a, b) return a - b end)(10)(3))
local compose = function(f, g) return function(...) return f(g(...)) end end
print(compose(math.abs, function(x, y) return x - y end)(3, 10))
local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end
print(ack(2, 3), ack(3, 3))
local t = setmetatable({}, {__index = function(t, k) local v = k * 2 rawset(t, k, v) return v end})
print(t[21], rawget(t, 21), rawget(t, 22))
local env = {print = print, x = 42}
local chunk = load("x = x + 1 return x", "chunk", "t", env)
print(chunk(), env.x)
local f = load(function() local s = "return 1 + 1" local done = false
  return function() if done then return nil end done = true return s end end)
print(f and f())
print(string.dump and type(string.dump(fib)))
