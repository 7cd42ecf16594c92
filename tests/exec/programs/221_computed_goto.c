/* GNU labels as values: a threaded interpreter dispatching through a static table of
   label addresses (as Lua's lvm.c does with LUA_USE_JUMPTABLE), label addresses kept
   in variables and compared, and a computed goto in main. */
#include <stdio.h>
static int run(const unsigned char *code) {
  static const void *const table[] = { &&op_inc, &&op_dbl, &&op_print, &&op_halt };
  int acc = 0, steps = 0;
  const void *where = &&op_halt;
#define DISPATCH() goto *table[*code++]
  DISPATCH();
op_inc: acc++; steps++; DISPATCH();
op_dbl: acc *= 2; steps++; DISPATCH();
op_print: printf("acc=%d\n", acc); steps++; DISPATCH();
op_halt:
  printf("halt after %d steps, same=%d\n", steps, where == table[3]);
  return acc;
}
int main(void) {
  const unsigned char prog[] = {0, 0, 1, 2, 1, 0, 2, 3};
  int r = run(prog);
  void *p = &&end;
  if (r > 0) goto *p;
  printf("not reached\n");
end:
  printf("r=%d\n", r);
  return 0;
}
