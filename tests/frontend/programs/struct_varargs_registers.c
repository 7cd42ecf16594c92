/* A struct argument never splits between registers and the stack (named and variadic), va_arg of every integer class, vprintf, global address constants. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
typedef int fn(int);
static int inc(int x) { return x + 1; }
static fn *table[2] = { inc, 0 };
int (*get(void))(int) { return inc; }
struct pt { long x, y; };
struct pt mk(long a) { struct pt p = { a, -a }; return p; }
struct w { long v[4]; };
struct w mkw(long a) { struct w r = { { a, a + 1, a + 2, a + 3 } }; return r; }
long vsum(const char *fmt, ...) {
  va_list ap; va_start(ap, fmt); long s = 0;
  for (const char *p = fmt; *p; p++) {
    if (*p == 'i') s += va_arg(ap, int);
    else if (*p == 'l') s += va_arg(ap, long);
    else if (*p == 'p') s += *va_arg(ap, int *);
    else if (*p == 'w') { struct w x = va_arg(ap, struct w); s += x.v[3]; }
    else if (*p == 't') { struct pt x = va_arg(ap, struct pt); s += x.x * 10 + x.y; }
  }
  va_end(ap); return s;
}
void vlog(const char *fmt, ...) { va_list ap; va_start(ap, fmt); vprintf(fmt, ap); va_end(ap); }
char arr2[][4] = { "abc", "de" };
char *sp = "hello" + 1;
long addr_as_long = (long)&arr2;
int nums[] = { [5] = 1, [2] = 2, 3 };
struct { int a[3]; char c; } bs = { 1, 2, 3, 'z' };
int main(int argc, char *argv[]) {
  printf("%d %d %d\n", table[0](1), get()(5), mk(7).y);
  printf("%ld\n", mkw(10).v[2]);
  int q = 5;
  printf("%ld\n", vsum("ilpwt", 1, 2L, &q, mkw(100), mk(3)));
  printf("%ld\n", vsum("iiiiiiiiil", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10L));
  printf("%ld\n", vsum("tttt", mk(1), mk(2), mk(3), mk(4)));
  vlog("%s-%d-%c\n", "x", 42, 'q');
  printf("%s %s %s %d\n", arr2[0], arr2[1], sp, addr_as_long == (long)&arr2);
  printf("%zu %d %d %d\n", sizeof nums / sizeof *nums, nums[2], nums[3], nums[5]);
  printf("%d %d %c\n", bs.a[0], bs.a[2], bs.c);
  printf("%d %s\n", argc, argv[0] ? "argv" : "none");
  char buf[20]; memset(buf, 'x', sizeof buf); buf[19] = 0; strcpy(buf + 2, "yz"); printf("%s %zu\n", buf, strlen(buf));
  struct pt arr[3] = { mk(1), [2] = mk(3) }; printf("%ld %ld %ld\n", arr[0].x, arr[1].y, arr[2].y);
  return 0;
}
