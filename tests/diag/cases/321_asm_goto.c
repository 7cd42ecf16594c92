// expect-error: 4: 'asm goto' is unsupported
// gcc-accepts
int main(void) {
    asm goto("jmp %l0" : : : : out);
    return 0;
out:
    return 1;
}
