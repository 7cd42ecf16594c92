/* Parameters whose home is a stack slot that the prologue fills: `p`, a
   struct passed in a register, and `v`, three floats passed in two vector
   registers. At the function's first instruction (where gdb's `step` into a
   function without a frame pointer stops, before the prologue) the home is not
   written yet: they are described by their argument registers, a piece each
   (prologue_pieces.py; before, `<optimized out: the prologue has not stored it
   yet>`). The long double `f`, read from where the caller put it on the stack,
   and the int `k`, in its argument register, show from the start too. Once the
   prologue has run (line 14), `p` shows from its home. */
#include <stdio.h>
struct point { int x; int y; };
struct vec3 { float a, b, c; };
__attribute__((noinline)) static long double scale(struct point p, long double f, int k) {
  long double r = (p.x * f + p.y) * k;
  return r;
}
__attribute__((noinline)) static float dot(struct vec3 v) {
  return v.a * v.b + v.c;
}
int main(void) {
  struct point p = { 3, 4 };
  struct vec3 v = { 1.5f, 2.0f, 0.25f };
  long double s = scale(p, 2.5L, 2);
  float d = dot(v);
  printf("%.1Lf %.2f\n", s, d);
  return 0;
}
//@why entry:scale p: {x = 3, y = 4}
//@why entry:scale f: 2.5
//@why entry:scale k: 2
//@why 14 p: {x = 3, y = 4}
//@why entry:dot v: {a = 1.5, b = 2, c = 0.25}
