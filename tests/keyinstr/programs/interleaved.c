/* The spec's W9 example: the scheduler moves work of later statements up, so
   without Key Instructions gdb's `next` goes back and forth between lines. */
int foo(int *a, int *b, int n)
{
  int x = a[0] * 3;
  int y = b[1] + n;
  a[2] = x + y;
  b[3] = x - n;
  return x * y;
}

/* called through a volatile pointer, so foo is not inlined into main */
int (*volatile call_foo)(int *, int *, int) = foo;

int main(void)
{
  int a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  return call_foo(a, b, 2) & 0x7f;
}
