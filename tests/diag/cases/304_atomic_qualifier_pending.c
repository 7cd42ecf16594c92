// expect-error: 3: '_Atomic' is not supported
// gcc-accepts
_Atomic int counter;
int main(void) { return 0; }
