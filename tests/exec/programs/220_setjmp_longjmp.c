/* setjmp/longjmp as Lua's error handling uses them (_setjmp/_longjmp under
   LUA_USE_POSIX): values live across the setjmp call and not modified before
   the longjmp must survive it, volatile locals keep their latest value, memory
   reached through an escaped pointer is reloaded, and handlers nest. */
#include <setjmp.h>
#include <stdio.h>

struct handler {
  struct handler *previous;
  jmp_buf b;
  volatile int status;
};

static struct handler *current;
static int depth_reached;

static void throw_error(int code) {
  current->status = code;
  _longjmp(current->b, 1);
}

static int work(int n, int fail_at) {
  int acc = 0;
  for (int i = 0; i < n; i++) {
    acc += i * i;
    depth_reached = i;
    if (i == fail_at) throw_error(100 + i);
  }
  return acc;
}

/* like luaD_rawrunprotected: chain a handler, run, unchain */
static int protected_call(int n, int fail_at, int *result) {
  int saved_depth = depth_reached + 7;   /* live across setjmp, never modified */
  long keep = (long)n * 1000 + fail_at;  /* ditto */
  struct handler h;
  h.status = 0;
  h.previous = current;
  current = &h;
  if (_setjmp(h.b) == 0) {
    int r = work(n, fail_at);
    *result = r;
  }
  current = h.previous;
  printf("  keep=%ld saved=%d\n", keep, saved_depth);
  return h.status;
}

static int nested(int level) {
  int r = -1;
  volatile int inner = -1;  /* modified between setjmp and longjmp */
  int st = protected_call(5, level, &r);
  if (level > 0) {
    struct handler h;
    h.status = 0;
    h.previous = current;
    current = &h;
    if (setjmp(h.b) == 0) {
      inner = protected_call(10, level * 2, &r);
      throw_error(level + 50);
    }
    current = h.previous;
    st += h.status;
  }
  return st * 1000 + inner;
}

int main(void) {
  int result = 0;
  for (int fail = -1; fail < 6; fail++) {
    result = -1;
    int st = protected_call(6, fail, &result);
    printf("fail_at=%d status=%d result=%d depth=%d\n", fail, st, result, depth_reached);
  }
  for (int lv = 0; lv < 4; lv++) printf("nested(%d)=%d\n", lv, nested(lv));
  volatile int counter = 0;
  jmp_buf top;
  int v = setjmp(top);
  counter++;
  if (v < 5) longjmp(top, v + 1);
  printf("counter=%d v=%d current=%s\n", counter, v, current ? "set" : "null");
  sigjmp_buf sj;
  volatile int sv = 0;
  if (sigsetjmp(sj, 1) == 0) { sv = 42; siglongjmp(sj, 3); }
  printf("sv=%d\n", sv);
  return 0;
}
