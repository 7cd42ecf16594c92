/* Struct ABI (small, 3-byte, >16 bytes), own variadic functions with va_copy and structs, static locals, global aggregate and designated initialisers, GNU case ranges, goto, _Bool and narrow wrap-around. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <stdlib.h>
struct big { long a, b, c; char name[10]; };
struct sm { char c; short s; };
struct three { char a, b, c; };
union u { int i; unsigned char b[4]; struct { short lo, hi; }; };
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static binop ops[] = { add, sub, 0 };
struct big mkbig(int k) { struct big r = { k, k * 2, k * 3, "big" }; r.name[3] = '0' + k; return r; }
struct three mk3(char a) { struct three t = { a, a + 1, a + 2 }; return t; }
long sumv(int n, ...) { va_list ap; va_start(ap, n); long s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, long); va_end(ap); return s; }
int sums(int n, ...) { va_list ap, ap2; va_start(ap, n); va_copy(ap2, ap); int s = 0;
  for (int i = 0; i < n; i++) { struct sm x = va_arg(ap, struct sm); s += x.c * 100 + x.s; }
  for (int i = 0; i < n; i++) { struct sm x = va_arg(ap2, struct sm); s += x.s; }
  va_end(ap); va_end(ap2); return s; }
long bigv(int n, ...) { va_list ap; va_start(ap, n); long s = 0; for (int i = 0; i < n; i++) { struct big b = va_arg(ap, struct big); s += b.a + b.c + b.name[3]; } va_end(ap); return s; }
static int counter(void) { static int c = 10; return c++; }
int gi[3][4] = { {1,2,3}, [2] = {9, 8, 7, 6} };
char *strs[] = { "alpha", "beta", [4] = "eps" };
struct big gb = { .c = 7, .name = "glob" };
int *gp = &gi[1][2];
char gs[] = "hello";
enum color { RED = -2, GREEN, BLUE = 10, LAST };
int main(void) {
  struct big b = mkbig(3);
  printf("%ld %ld %ld %s\n", b.a, b.b, b.c, b.name);
  struct three t = mk3('a'); printf("%c%c%c\n", t.a, t.b, t.c);
  union u x; x.i = 0x01020304; printf("%d %d %d %d\n", x.b[0], x.b[3], x.lo, x.hi);
  for (binop *p = ops; *p; p++) printf("%d ", (*p)(10, 3)); printf("\n");
  printf("%ld\n", sumv(4, 1L, 2L, 3L, 40000000000L));
  struct sm s1 = {1, 2}, s2 = {3, 4};
  printf("%d\n", sums(2, s1, s2));
  printf("%ld\n", bigv(2, mkbig(1), mkbig(2)));
  counter(); counter(); printf("%d\n", counter());
  printf("%d %d %d %d\n", gi[0][1], gi[2][3], gi[1][0], *gp);
  printf("%s %s %p %s\n", strs[0], strs[1], (void*)strs[2], strs[4]);
  printf("%ld %s %d\n", gb.c, gb.name, (int)sizeof gb);
  printf("%s %d\n", gs, (int)sizeof gs);
  printf("%d %d %d %d\n", RED, GREEN, BLUE, LAST);
  unsigned u = 0; u--; printf("%u %d\n", u, (int)(u >> 28));
  int neg = -7; printf("%d %d %d %d\n", neg / 2, neg % 3, neg >> 1, (unsigned char)neg);
  short sh = 32767; sh++; printf("%d\n", sh);
  long long ll = 1LL << 40; printf("%lld\n", ll * 3);
  int arr[5] = {1,2,3,4,5}; int *pa = arr + 4, *pb = &arr[1]; long dist = pa - pb; printf("%ld %d\n", dist, *--pa);
  int k = 0; int r = (k++, k++, k); printf("%d %d\n", r, k ? 5 : 6);
  struct big c = k > 1 ? mkbig(1) : mkbig(2); printf("%ld\n", c.b);
  char buf[32]; sprintf(buf, "%d-%s", 42, "x"); printf("%s %zu\n", buf, strlen(buf));
  int *dyn = malloc(10 * sizeof *dyn); for (int i = 0; i < 10; i++) dyn[i] = i * i; printf("%d\n", dyn[9]); free(dyn);
  struct sm *ps = &(struct sm){ 5, 6 }; printf("%d %d\n", ps->c, ps->s);
  int sw = 0; for (int i = 0; i < 12; i++) switch (i) { case 1: sw += 1; case 2: sw += 2; break; case 100: sw += 1000; break; case 7 ... 9: sw += 7; break; default: sw += 10; }
  printf("%d\n", sw);
  int i = 0; again: i++; if (i < 5) goto again; printf("%d\n", i);
  _Bool bb = 5; bb++; printf("%d\n", bb);
  unsigned char uc = 200; uc += 100; printf("%d\n", uc);
  printf("%d\n", (int)sizeof(union u));
  return 3;
}
