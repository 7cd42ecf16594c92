/* Compound literals: file-scope ones as address constants, block-scope ones re-initialised on each pass. */
#include <stdio.h>
struct pt { int x, y; };
int *gp = (int[]){ 10, 20, 30 };
struct pt *pp = &(struct pt){ 3, 4 };
const char **names = (const char *[]){ "a", "bc" };
int main(void) {
  for (int i = 0; i < 2; i++) { int *q = (int[]){ i, i + 1 }; printf("%d %d ", q[0], q[1]); }
  printf("%d %d %d %s\n", gp[2], pp->y, (struct pt){ 7, 8 }.y, names[1]);
  return 0;
}
