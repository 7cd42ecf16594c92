// gcc-accepts
// (gcc compiles f with -fwrapv; atomc cannot give one function other semantics)
// expect-error: 4: '-fwrapv' cannot be applied to one function
__attribute__((optimize("wrapv"))) int f(int x) { return x + 1 > x; }
int main(void) { return f(0); }
