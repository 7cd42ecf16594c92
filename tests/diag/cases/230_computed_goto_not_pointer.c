// expect-error: 3: computed goto must be pointer type
int f(int a) {
  goto *a;
}
