// expect-error: 3: long double
// gcc-accepts
_Float64x extended = 1;
int main(void) { return 0; }
