-- Deterministic Lua workload for bench/lua_bench.py: each section prints a
-- checksum so a miscompiled interpreter shows up as different output.

local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end

local function sort_bench(n)
  local t, seed = {}, 42
  for i = 1, n do
    seed = (seed * 1103515245 + 12345) % 2147483648
    t[i] = seed
  end
  table.sort(t)
  local sum = 0
  for i = 1, n, 97 do sum = (sum + t[i]) % 1000000007 end
  table.sort(t, function(a, b) return a > b end)
  return sum, t[1], t[n]
end

local function string_bench(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = string.format("%d:%x;", i, i * 7) end
  local s = table.concat(parts)
  local count = 0
  for a, b in s:gmatch("(%d+):(%x+);") do
    if tonumber(b, 16) == tonumber(a) * 7 then count = count + 1 end
  end
  local acc = ""
  for i = 1, 2000 do acc = acc .. string.char(65 + i % 26) end
  return #s, count, #acc:rep(3), acc:sub(100, 110):lower()
end

-- The classic n-body simulation (sun and four planets), fixed step count.
local function nbody(steps)
  local PI, DAYS = math.pi, 365.24
  local SOLAR = 4 * PI * PI
  local bodies = {
    {0, 0, 0, 0, 0, 0, SOLAR},
    {4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
     1.66007664274403694e-03 * DAYS, 7.69901118419740425e-03 * DAYS,
     -6.90460016972063023e-05 * DAYS, 9.54791938424326609e-04 * SOLAR},
    {8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
     -2.76742510726862411e-03 * DAYS, 4.99852801234917238e-03 * DAYS,
     2.30417297573763929e-05 * DAYS, 2.85885980666130812e-04 * SOLAR},
    {1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
     2.96460137564761618e-03 * DAYS, 2.37847173959480950e-03 * DAYS,
     -2.96589568540237556e-05 * DAYS, 4.36624404335156298e-05 * SOLAR},
    {1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
     2.68067772490389322e-03 * DAYS, 1.62824170038242295e-03 * DAYS,
     -9.51592254519715870e-05 * DAYS, 5.15138902046611451e-05 * SOLAR},
  }
  local n = #bodies
  local px, py, pz = 0, 0, 0
  for i = 1, n do
    local b = bodies[i]
    px, py, pz = px + b[4] * b[7], py + b[5] * b[7], pz + b[6] * b[7]
  end
  bodies[1][4], bodies[1][5], bodies[1][6] = -px / SOLAR, -py / SOLAR, -pz / SOLAR
  local function energy()
    local e = 0
    for i = 1, n do
      local b = bodies[i]
      e = e + 0.5 * b[7] * (b[4] * b[4] + b[5] * b[5] + b[6] * b[6])
      for j = i + 1, n do
        local c = bodies[j]
        local dx, dy, dz = b[1] - c[1], b[2] - c[2], b[3] - c[3]
        e = e - b[7] * c[7] / math.sqrt(dx * dx + dy * dy + dz * dz)
      end
    end
    return e
  end
  local before = energy()
  local dt = 0.01
  for _ = 1, steps do
    for i = 1, n do
      local b = bodies[i]
      for j = i + 1, n do
        local c = bodies[j]
        local dx, dy, dz = b[1] - c[1], b[2] - c[2], b[3] - c[3]
        local d2 = dx * dx + dy * dy + dz * dz
        local mag = dt / (d2 * math.sqrt(d2))
        local bm, cm = b[7] * mag, c[7] * mag
        b[4], b[5], b[6] = b[4] - dx * cm, b[5] - dy * cm, b[6] - dz * cm
        c[4], c[5], c[6] = c[4] + dx * bm, c[5] + dy * bm, c[6] + dz * bm
      end
    end
    for i = 1, n do
      local b = bodies[i]
      b[1], b[2], b[3] = b[1] + dt * b[4], b[2] + dt * b[5], b[3] + dt * b[6]
    end
  end
  return string.format("%.9f %.9f", before, energy())
end

local function closures_bench(n)
  local function make(k) return function(x) return x * k + 1 end end
  local fs = {}
  for i = 1, 16 do fs[i] = make(i) end
  local acc = 0
  for i = 1, n do acc = (acc + fs[i % 16 + 1](i)) % 1000003 end
  return acc
end

print("fib", fib(30))
print("sort", sort_bench(200000))
print("string", string_bench(100000))
print("nbody", nbody(200000))
print("closures", closures_bench(2000000))
