// expect-error: 2: argument to '-O' should be a non-negative integer
__attribute__((optimize("Ox"))) int f(int x) { return x; }
int main(void) { return f(0); }
