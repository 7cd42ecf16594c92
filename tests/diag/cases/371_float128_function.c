// expect-error: 3: _Float128
// gcc-accepts
_Float128 half(_Float128 x) { return x / 2; }
int main(void) { return 0; }
