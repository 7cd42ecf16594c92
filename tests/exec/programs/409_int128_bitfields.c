/* __int128 bit-fields: wide fields in 16-byte access units, next to narrower
   ones, in a packed record, in static and automatic initialisers, under
   compound assignment and increment. (Arithmetic on a field wider than int
   goes through an explicit (__int128) cast: gcc computes in the field's own
   precision otherwise.) */
#include <stdio.h>
typedef unsigned __int128 u128;
struct bf { __int128 a : 70; unsigned __int128 b : 3; long c : 60; u128 d : 100; __int128 e : 128; char z; };
struct __attribute__((packed)) pk { char c; __int128 a : 90; unsigned __int128 b : 38; };
static struct bf g = {-3, 5, 77, ((u128)1 << 99) | 7, -((__int128)1 << 120), 'q'};
static void put(const char *w, u128 v) { printf("%s %016llx%016llx\n", w, (unsigned long long)(v >> 64), (unsigned long long)v); }
int main(void) {
  struct bf s = {0};
  volatile int k = 3;
  s.a = -5 * k; s.b = 3 + k; s.c = -7; s.d = ((u128)k << 98) | 12345;
  s.a += (__int128)1 << 68;
  s.e = (__int128)s.a * (__int128)s.d;
  put("a", (u128)s.a); put("b", s.b); put("d", s.d); put("e", (u128)s.e);
  put("ga", (u128)g.a); put("gb", g.b); put("gd", g.d); put("ge", (u128)g.e);
  printf("%zu %zu %ld %c\n", sizeof s, sizeof(struct pk), (long)g.c, g.z);
  struct pk p = {1, -((__int128)k << 80), 0x3fffffffff};
  p.b ^= k;
  put("pa", (u128)p.a); put("pb", p.b);
  p.a++;
  put("pa", (u128)p.a);
  return 0;
}
