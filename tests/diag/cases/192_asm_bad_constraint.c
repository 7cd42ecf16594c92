// expect-error: 7: impossible constraint
// gcc-accepts
// (with -fsyntax-only; gcc rejects this asm when it generates code)
int main(void)
{
    int x = 1;
    __asm__("incl %0" : "=r"(x) : "i"(x));
    return x;
}
