// expect-error: 3: 'ms_abi' attribute is unsupported
// gcc-accepts
int __attribute__((ms_abi)) win(int a, int b) { return a + b; }
int main(void) { return win(1, 2); }
