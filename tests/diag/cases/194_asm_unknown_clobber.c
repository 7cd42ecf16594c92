// expect-error: 7: unknown register name
// gcc-accepts
// (with -fsyntax-only; gcc rejects this asm when it generates code)
int main(void)
{
    int x = 1;
    __asm__("incl %0" : "+r"(x) : : "notareg");
    return x;
}
