/* Symbols defined as other symbols: alias (global, static, weak; functions and objects), weakref
   to a defined and to a missing function, and an ifunc whose resolver picks the implementation. */
#include <stdio.h>
int g(void) { return 1; }
int f(void) __attribute__((alias("g")));
static int h(void) __attribute__((alias("g")));
int w(void) __attribute__((weak, alias("g")));
int v = 5;
extern int va __attribute__((alias("v")));
static int wr(void) __attribute__((weakref("g")));
static int missing(void) __attribute__((weakref("no_such_function_anywhere")));
static int impl_a(void) { return 40; }
static int (*resolve(void))(void) { return impl_a; }
int ifn(void) __attribute__((ifunc("resolve")));
int main(void) {
  printf("%d %d %d %d %d %d %d %d\n", f(), h(), w(), va, wr(), ifn(), missing == 0, &va == &v);
  return 0;
}
