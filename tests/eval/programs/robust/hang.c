int main(void) {
  volatile int spin = 1;
  int n = 7;
  while (spin) {} /* one line that never ends: a single step never returns */
  return n;
}
