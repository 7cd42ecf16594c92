// expect-error: 3: 'ms_struct' attribute is unsupported
// gcc-accepts
struct __attribute__((ms_struct)) S { char c; int i : 4; } s;
int main(void) { return 0; }
