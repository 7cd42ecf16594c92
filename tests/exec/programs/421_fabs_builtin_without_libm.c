/* fabs, fabsf and fabsl called by their plain names are gcc builtins expanded
   inline at every -O level, so a program using only them links without -lm
   (serd's test_node did; atomc called libm's fabs and the link failed).
   Signed zeros, infinities and NaNs keep their payloads and lose only the sign. */
#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned long long bits(double d) {
  unsigned long long u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static unsigned fbits(float f) {
  unsigned u;
  memcpy(&u, &f, sizeof u);
  return u;
}

int main(void) {
  volatile double d[] = {-0.0, 0.0, -1.5, 2.25, -INFINITY, INFINITY, -NAN, 1e-310, -1e300};
  volatile float f[] = {-0.0f, -3.5f, 7.0f, -INFINITY, -NAN, -1e-40f};
  volatile long double l[] = {-0.0L, -2.5L, 1e4000L, -INFINITY};
  for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++)
    printf("fabs %016llx -> %016llx\n", bits(d[i]), bits(fabs(d[i])));
  for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++)
    printf("fabsf %08x -> %08x\n", fbits(f[i]), fbits(fabsf(f[i])));
  for (unsigned i = 0; i < sizeof l / sizeof l[0]; i++)
    printf("fabsl %Lg -> %Lg\n", l[i], fabsl(l[i]));
  printf("%g\n", fabs(d[2] * 2) + fabsf(f[1]));
  return 0;
}
