/* Function-pointer declarators, anonymous members, 16-byte structs by value, 2-D array parameters, enum switches, signed/unsigned conversions, sizeof without evaluation. */
#include <stdio.h>
#include <string.h>
#include <limits.h>
#include <stdint.h>
typedef int (*fn_t)(int);
static int dbl(int x) { return 2 * x; }
static int neg(int x) { return -x; }
static fn_t pick(int k) { return k ? dbl : neg; }
struct inner { int a; union { short s; char c[2]; }; };
struct outer { char tag; struct inner in; struct { int p, q; } pq; char name[6]; };
struct s16 { char c[16]; };
struct s16 rev(struct s16 s) { struct s16 r; for (int i = 0; i < 16; i++) r.c[i] = s.c[15 - i]; return r; }
static struct outer go = { 'g', { 7, { .s = 0x4142 } }, .pq.q = 9, "nm" };
struct node { int v; struct node *next; };
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
void fill(int (*m)[4], int rows) { for (int r = 0; r < rows; r++) for (int c = 0; c < 4; c++) m[r][c] = r * 10 + c; }
enum op { ADD, SUB, MUL };
int apply(enum op o, int a, int b) { switch (o) { case ADD: return a + b; case SUB: return a - b; case MUL: return a * b; } return -1; }
int main(void) {
  printf("%d %d\n", pick(1)(5), pick(0)(5));
  struct outer o = go; o.in.c[0]++;
  printf("%c %d %x %d %d %s %zu\n", o.tag, o.in.a, o.in.s, o.pq.p, o.pq.q, o.name, sizeof o);
  struct s16 s; for (int i = 0; i < 16; i++) s.c[i] = 'a' + i; struct s16 r = rev(s); printf("%.16s\n", r.c);
  struct node n3 = { 3, 0 }, n2 = { 2, &n3 }, n1 = { 1, &n2 }; int tot = 0; for (struct node *p = &n1; p; p = p->next) tot += p->v; printf("%d\n", tot);
  printf("%d\n", fact(10));
  int m[3][4]; fill(m, 3); printf("%d %d %zu %zu\n", m[2][3], m[1][0], sizeof m, sizeof m[0]);
  printf("%d %d %d\n", apply(ADD, 3, 4), apply(SUB, 3, 4), apply(MUL, 3, 4));
  signed char sc = 127; sc++; printf("%d\n", sc);
  unsigned char uc = 255; printf("%d %u\n", uc + 1, (unsigned)(uc << 24));
  long long q = -17; printf("%lld %lld %lld\n", q / 5, q % 5, q >> 2);
  unsigned int big = 4000000000u; int sbig = (int)big; printf("%d %u %d\n", sbig, big, big > 5);
  int i = 5; size_t z = sizeof(i++); printf("%d %zu\n", i, z);
  int a, b; for (a = 0, b = 10; a < b; a += 2, b--) ; printf("%d %d\n", a, b);
  char *np = NULL; const char *w = np ? np : "null"; printf("%s\n", w);
  int arr[4] = {1, 2, 3, 4}; int *p1 = &arr[1], *p2 = &arr[3]; printf("%d %d %d\n", p1 < p2, p2 - p1, p1 == &arr[1]);
  int cnt = 0; do { cnt++; if (cnt < 3) continue; } while (cnt < 5); printf("%d\n", cnt);
  for (int x = 0; x < 5; x++) for (int y = 0; y < 5; y++) if (x * y == 6) { printf("found %d %d\n", x, y); goto done; }
done:
  printf("%c\n", "xyz"[2]);
  struct node a1 = { 5, 0 }, a2; struct node *pa = &a1, *pb = &a2; *pb = *pa; pb->v <<= 2; printf("%d\n", a2.v);
  char buf[8] = "ab"; printf("%d %d %d\n", buf[1], buf[2], buf[7]);
  int *ip = &i; _Bool bp = ip; printf("%d\n", bp);
  printf("%d %d\n", INT_MAX, INT_MIN);
  uint64_t u64 = UINT64_MAX; int8_t i8 = -128; printf("%llu %d\n", (unsigned long long)u64, i8);
  char c = -5; switch (c) { case -5: printf("neg five\n"); break; default: printf("other\n"); }
  unsigned x = 3; int y = -1; printf("%d\n", x > y);
  long lv = -1; unsigned long ulv = lv; printf("%lu\n", ulv);
  printf("%d\n", (int)strlen("hello" + 1));
  int k = 0; k += k++ ? 1 : 2; printf("%d\n", k);
  return fact(3);
}
