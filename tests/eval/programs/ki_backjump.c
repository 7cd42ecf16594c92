/* Written to show Key Instructions: clang -O2 computes `c = a + k` (line of
   rotate's third statement) right after storing `a`, before `b`'s multiply.
   Without Key Instructions that add gets an is_stmt row, so gdb steps back
   from the `c =` line to the `b =` line; with them only the stores are
   statements and gdb steps through rotate in source order.
   lldb ignores is_stmt and steps the same way for both builds. */
#include <stdio.h>

int a, b, c, d;

__attribute__((noinline)) void rotate(int k) {
  a = k * 3 + b;
  b = c * k;
  c = a + k;
}

__attribute__((noinline)) void twist(int k) {
  d = k * 5 + a;
  a = b * k;
  b = d + k;
}

int main(void) {
  b = 2;
  c = 5;
  rotate(7);
  twist(3);
  rotate(1);
  twist(2);
  printf("%d %d %d %d\n", a, b, c, d);
  return 0;
}
