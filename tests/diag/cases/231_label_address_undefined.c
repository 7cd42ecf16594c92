// expect-error: 3: undeclared label
int f(void) {
  void *p = &&nowhere;
  goto *p;
}
