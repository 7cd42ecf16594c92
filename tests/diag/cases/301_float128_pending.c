// expect-error: 3: '__float128' is not supported
// gcc-accepts
__float128 quad;
int main(void) { return 0; }
