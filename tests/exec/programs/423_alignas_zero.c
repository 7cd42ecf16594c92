/* `_Alignas(0)` has no effect (C11 6.7.5p6): the object keeps its type's
   alignment, beside a real _Alignas on another declarator. autoconf 2.71's C11
   probe declares `char _Alignas (0) no_special_alignment;`. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

char _Alignas(0) no_special_alignment = 'n';
struct s { char c; int _Alignas(0) i; char _Alignas(8) d; };
static _Alignas(0) double g = 2.5;

int main(void) {
  _Alignas(0) long x = 7;
  char _Alignas(32) wide = 'w';
  printf("%c %zu %zu %zu %g %ld %c\n", no_special_alignment, sizeof(struct s),
         alignof(struct s), offsetof(struct s, d), g, x, wide);
  printf("%d\n", (int)((uintptr_t)&wide % 32));
  return 0;
}
