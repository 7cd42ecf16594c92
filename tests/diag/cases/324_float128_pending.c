// expect-error: 3: __float128 (_Float128, IEEE quad precision) is unsupported
// gcc-accepts
__float128 quad;
int main(void) { return 0; }
