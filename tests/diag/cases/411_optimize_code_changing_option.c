// gcc-accepts
// (gcc protects f's stack; atomc cannot give one function other hardening)
// expect-error: 4: '-fstack-protector-all' cannot be applied to one function
__attribute__((optimize("stack-protector-all"))) int f(int x) { return x + 1 > x; }
int main(void) { return f(0); }
