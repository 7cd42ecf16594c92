// expect-error: 7: operand number missing after %-letter
// gcc-accepts
// (with -fsyntax-only; gcc rejects this asm when it generates code)
int main(void)
{
    int x = 1;
    __asm__("incl %k" : "+r"(x));
    return x;
}
