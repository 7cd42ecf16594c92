// expect-error: 3: 'naked' attribute is unsupported
// gcc-accepts
__attribute__((naked)) void bare(void) { __asm__("ret"); }
int main(void) { return 0; }
