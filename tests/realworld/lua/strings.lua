-- The string library: patterns, formatting, byte-level operations.
local s = "The quick brown fox jumps over the lazy dog"
print(#s, s:upper(), s:lower())
print(s:sub(5, 9), s:sub(-3), s:sub(-100, 3), s:sub(10, 5) == "")
print(s:find("fox"), s:find("o", 20), s:find("%s(%a+)%s"), s:find(".", 1, true))
print(s:match("(%a+) fox"), s:match("(%a+)$"), s:match("()dog()"))
for w in s:gmatch("%a+") do io.write(w:reverse(), ",") end print()
print(s:gsub("o", "0"), s:gsub("%w+", function(w) return #w end, 3))
print(("hello world"):gsub("(%w+) (%w+)", "%2 %1"), ("abc"):gsub("", "-"))
print(("x = 1, y = 22"):gsub("(%w+) = (%w+)", {x = "X", y = false}))
print(string.rep("ab", 3, "|"), string.rep("z", 0), ("%d"):rep(2))
print(string.byte("ABC", 1, -1), string.char(72, 105), ("\65\066\x43\u{48}"))
print(string.format("%q", 'a "quoted"\n string\0'), string.format("%s|%10s|%-10s|", "a", "b", "c"))
print(string.format("%5.2s|%c%c|%%", "abcdef", 76, 117))
print(("  trim me  "):match("^%s*(.-)%s*$") .. "!", ("key=value"):match("(%w+)=(%w+)"))
print(("2024-01-15"):match("(%d+)-(%d+)-(%d+)"))
print(("[[nested]]"):find("[[", 1, true), ("a.b.c"):gsub("%.", "/"))
print(("%bxy"):len(), ("f(a(b)c)d"):match("%b()"), ("THE (quick) fox"):find("%f[%a]%a+%f[%A]"))
local parts = {}
for k, v in string.gmatch("a=1, b=2, c=3", "(%w+)=(%w+)") do parts[#parts + 1] = k .. ":" .. v end
print(table.concat(parts, ";"))
local buf = {}
for i = 1, 200 do buf[#buf + 1] = string.char(65 + i % 26) end
local big = table.concat(buf)
print(#big, big:sub(1, 30), select("#", big:byte(1, 10)))
print(utf8.char(72, 228, 8364, 128512), utf8.len("häll€"), #utf8.char(128512))
for p, c in utf8.codes("aä€") do io.write(p, ":", c, " ") end print()
print(tostring(nil), tostring(true), ("x"):rep(3) < ("x"):rep(4), "a" < "b", "Z" < "a")
print(string.pack and #string.pack("i4i8", 1, 2), string.unpack("<i2", "\1\2"))
print(pcall(string.rep), select(2, pcall(string.format, "%d", 1.5)))
