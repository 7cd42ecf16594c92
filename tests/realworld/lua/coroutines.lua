-- Coroutines: generators, wrap, status, yielding across pcall, passing values.
local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i, i * i) end
    return "done"
  end)
end
local g = gen(4)
print(g()) print(g()) print(g()) print(g()) print(g())
local co = coroutine.create(function(a, b)
  print("start", a, b)
  local c = coroutine.yield(a + b)
  print("got", c)
  local d, e = coroutine.yield(c * 2)
  print("got", d, e)
  return d + e, "end"
end)
print(coroutine.status(co))
print(coroutine.resume(co, 1, 2))
print(coroutine.status(co))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, 3, 4))
print(coroutine.status(co), coroutine.resume(co))
local function producer()
  return coroutine.create(function()
    for _, w in ipairs({"alpha", "beta", "gamma"}) do coroutine.yield(w) end
  end)
end
local function filter(p)
  return coroutine.create(function()
    while true do
      local ok, w = coroutine.resume(p)
      if not w then break end
      coroutine.yield(w:upper())
    end
  end)
end
local f = filter(producer())
while true do
  local _, w = coroutine.resume(f)
  if not w then break end
  io.write(w, " ")
end
print()
local errco = coroutine.create(function() local x = nil; return x.field end)
local ok, msg = coroutine.resume(errco)
print(ok, (msg:gsub("^.-:%d+: ", "")), coroutine.status(errco))
local inner = coroutine.wrap(function()
  local ok, v = pcall(function() local r = coroutine.yield(1) error("boom " .. r) end)
  coroutine.yield(ok, (v:gsub("^.-:%d+: ", "")))
  return "finished"
end)
print(inner()) print(inner("x")) print(inner())
print(coroutine.isyieldable(), select(2, coroutine.running()))
local deep = 0
local function nest(n)
  if n == 0 then return coroutine.yield("bottom") end
  deep = deep + 1
  return nest(n - 1)
end
local dc = coroutine.wrap(function() return nest(100) end)
print(dc(), deep, dc("resumed"))
local sum = 0
for i = 1, 2000 do
  local c = coroutine.wrap(function(x) local y = coroutine.yield(x + 1) return y * 2 end)
  sum = sum + c(i) + c(i)
end
print(sum)
local closeco = coroutine.create(function() coroutine.yield() end)
coroutine.resume(closeco)
print(coroutine.close(closeco), coroutine.status(closeco))
