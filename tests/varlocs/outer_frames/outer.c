/* Outer frames at -O2: break in h, look at the callers' variables. */
#include <stdlib.h>

volatile int sink;

__attribute__((noinline)) int h(int x) {
  sink = x;
  return x + 1;
}

__attribute__((noinline)) int g(int a, int b, int c) {
  int r = h(a + b + c);
  return r * 2;
}

/* arguments dead after the call (zlib's compress) */
__attribute__((noinline)) int dead_after(int a, int b, int c) {
  return g(a, b, c) + 1;
}

/* arguments live across the call (callee-saved registers) */
__attribute__((noinline)) int live_across(int a, int b, int c) {
  int r = g(a, b, c);
  return r + a * b - c;
}

/* a variable assigned from the call's result */
__attribute__((noinline)) int from_result(int a, int b, int c) {
  int x = a * 3 + b;
  x = g(x, b, c);
  sink = x;
  x = g(x, a, c);
  return x + c;
}

/* a call as the last instruction of a block */
__attribute__((noinline)) int block_end(int a, int b, int c) {
  int s = a + c;
  if (b > 10)
    g(s, b, c);
  return s * b;
}

__attribute__((noinline, noreturn)) void die(int a, int b, int c) {
  g(a, b, c);
  exit(0);
}

/* a noreturn call as the function's last instruction */
__attribute__((noinline)) void last_call(int a, int b, int c) {
  sink = a;
  die(a + 1, b, c);
}

int main(void) {
  int t = dead_after(1, 2, 3);
  t += live_across(4, 5, 6);
  t += from_result(7, 8, 9);
  t += block_end(10, 11, 12);
  sink = t;
  last_call(13, 14, 15);
}
