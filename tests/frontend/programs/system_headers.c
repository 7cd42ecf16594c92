/* glibc headers in use: assert (a statement expression), ctype tables, errno, setjmp/longjmp, qsort, inttypes macros. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <inttypes.h>
#include <limits.h>
#include <unistd.h>
static jmp_buf env;
static void boom(int n) { if (n > 2) longjmp(env, n); boom(n + 1); }
int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
  assert(1 + 1 == 2);
  printf("%d %d %d\n", isdigit('7') != 0, isalpha('!') != 0, toupper('q'));
  errno = 0; strtol("999999999999999999999999", NULL, 10); printf("%d\n", errno == ERANGE);
  int r = setjmp(env); if (r == 0) boom(0); else printf("jumped %d\n", r);
  int v[5] = { 5, 3, 9, 1, 7 }; qsort(v, 5, sizeof v[0], cmp); printf("%d %d\n", v[0], v[4]);
  int64_t big = INT64_C(1) << 40; printf("%" PRId64 " %" PRIu32 "\n", big, (uint32_t)UINT32_MAX);
  bool ok = true; printf("%d %d\n", ok, CHAR_BIT);
  char *d = strdup("dup"); printf("%s %zu\n", d, strlen(d)); free(d);
  printf("%d\n", abs(-4) + (int)labs(-5L));
  return EXIT_SUCCESS;
}
