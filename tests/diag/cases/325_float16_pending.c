// expect-error: 3: '_Float16' is not supported
// gcc-accepts
_Float16 half;
int main(void) { return 0; }
