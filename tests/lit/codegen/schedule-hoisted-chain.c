// The scheduler hoists printf's argument set-up (line 27) into scale's inlined
// code (lines 16-20). Each hoisted instruction takes the location of the code it
// now follows; when that code was hoisted too, it is the location that code got,
// not the line it came from (hoisted_lines.py once read the neighbour before
// settling it, and a row of line 27 split scale's code: gdb showed main:25
// again and re-entered scale twice, lldb showed line 27 there).
// RUN: %atomc -S -O2 -g %s -o - | filecheck %s

struct vec4 { long a, b, c, d; };
struct vec4 g_base = {1, 2, 3, 4};
int printf(const char *, ...);

static struct vec4 scale(struct vec4 v, long k)
{
    struct vec4 out;
    out.a = v.a * k;
    out.b = v.b * k;
    out.c = v.c * k;
    out.d = v.d * k;
    return out;
}

int main(void)
{
    struct vec4 s = scale(g_base, 10);
    char label[4] = "abc";
    printf("%ld %s\n", s.d, label);
    return 0;
}
// CHECK-LABEL: main:
// CHECK:       .loc 1 16 17
// CHECK-NOT:   .loc 1 27
// CHECK:       .loc 1 17 17
// CHECK-NOT:   .loc 1 27
// CHECK:       .loc 1 18 17
// CHECK-NOT:   .loc 1 27
// CHECK:       .loc 1 19 17
// CHECK-NOT:   .loc 1 27
// CHECK:       .loc 1 20 5
// CHECK:       .loc 1 26 10
// CHECK:       .loc 1 27 5
// CHECK-NEXT:  call printf@PLT
