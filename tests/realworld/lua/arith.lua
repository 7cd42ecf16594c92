-- Integer and float arithmetic, conversions and the math library.
local function show(...) print(...) end

show(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 2^10, 10 / 4)
show(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 1e308 * 10, -1e308 * 10)
show(math.maxinteger, math.mininteger, math.maxinteger + 1 == math.mininteger)
show(math.maxinteger // -1, math.mininteger // -1, math.mininteger % -1)
show(3 & 5, 3 | 5, 3 ~ 5, ~0, 1 << 62, 1 << 63, 1 << 64, -1 >> 1, 0xff >> 4)
show(0x7fffffffffffffff, 0xffffffffffffffff, 1e15, 1e16, 2^53, 2^53 + 1)
show(3 / 0, -3 / 0, 0/0 ~= 0/0, math.huge, -math.huge)
show(math.floor(3.7), math.ceil(3.2), math.floor(-3.5), math.ceil(-3.5))
show(math.abs(-4), math.abs(-4.25), math.max(1, 5, 3), math.min(2.5, -1, 9))
show(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7.5, 2), math.sqrt(2), math.exp(1))
show(math.log(8, 2), math.log(100, 10), math.log(2.718281828459045))
show(math.sin(1), math.cos(1), math.tan(0.5), math.atan(1, 2))
show(math.tointeger(3.0), math.tointeger(3.5), math.type(1), math.type(1.0), math.type("1"))
show(math.ult(1, -1), math.ult(-1, 1))
show(tostring(1/3), tostring(-0.0), tostring(100), tostring(1e100), 2^63, -2^63)
show(string.format("%.3f %5.1f %e %g %g %a", math.pi, -2.25, 12345.678, 0.0001, 1e20, 1.0))
show(string.format("%d %5d %-5d| %x %X %o %i", 42, -42, 7, 255, 255, 8, 3))
show(tonumber("0x10"), tonumber("  12  "), tonumber("1e2"), tonumber("10", 2), tonumber("zz", 36))
show(tonumber("1.5e3"), tonumber(".5"), tonumber("5."), tonumber("abc"), tonumber("0x1p4"))
show(10 == 10.0, 1 < 1.5, -0.0 == 0.0, 2^31, 3 * 1.5, 7 // 0.0, -7 // 0.0)
show("10" + 5, "3" * "4", 10 .. 20, "2" ^ 2, -"2")
local acc, facc = 0, 0.0
for i = 1, 100000 do
  acc = (acc * 31 + i) % 1000000007
  facc = facc + 1 / i
end
show(acc, string.format("%.12f", facc))
for x = 1.0, 2.0, 0.25 do io.write(x, " ") end print()
for i = 10, 1, -3 do io.write(i, " ") end print()
local n = 0
for i = math.maxinteger - 2, math.maxinteger do n = n + 1 end
show(n)
