// expect-error: 3: unsupported
// gcc-accepts
long double big;
int main(void) { return 0; }
