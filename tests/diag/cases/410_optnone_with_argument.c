// gcc-accepts
// (gcc ignores optnone with a warning; clang rejects an argument as atomc does)
// expect-error: 4: 'optnone' attribute takes no arguments
__attribute__((optnone(1))) int f(int x) { return x; }
int main(void) { return f(0); }
