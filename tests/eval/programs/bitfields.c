#include <stdio.h>

/* A struct passed in a register: gcc -O2 leaves `s` in %edi, so a debugger
   reads the signed bit-field `low` out of a register, not out of memory. */
struct packed {
  int low : 31;
  unsigned flag : 1;
};

__attribute__((noinline)) int weigh(struct packed s) {
  int w = s.low * 3;
  printf("%d %u\n", s.low, s.flag);
  return w + (int)s.flag;
}

int main(void) {
  struct packed s = {-33472, 1};
  return weigh(s) == -100415 ? 0 : 1;
}
