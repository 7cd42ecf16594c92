// expect-error: 3: redefinition
int twice(int v) { return 2 * v; }
int twice(int v) { return v + v; }
int main(void) { return twice(1); }
