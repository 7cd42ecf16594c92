/* Call-site values that are addresses: the caller passes a local's address, a
   global's and a string literal's, which `use` no longer holds when it calls
   `leaf`; its frame shows them through main's call-site values (gcc:
   `len=len@entry=0x7ffc...`). */
static char buf[16];
volatile int sink;

__attribute__((noinline)) int leaf(int x) {
  sink = x;
  return x;
}

__attribute__((noinline)) int use(char *d, long *len, const char *s, int n) {
  d[0] = (char)(s[1] + *len);
  return leaf(n) + 1;
}

int main(void) {
  long len = 5;
  int r = use(buf, &len, "hello", 3);
  sink = r + buf[0];
  return 0;
}
