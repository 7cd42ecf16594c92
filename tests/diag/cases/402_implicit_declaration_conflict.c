// expect-error: 7: conflicting types
int main(void) {
  long t = twice(21);  /* implicitly `int twice()` */
  return (int)t;
}

long twice(long x) { return 2 * x; }
