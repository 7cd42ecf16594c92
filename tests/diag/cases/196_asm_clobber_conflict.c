// expect-error: 7: impossible constraints
// gcc-accepts
// (with -fsyntax-only; gcc rejects this asm when it generates code)
int main(void)
{
    int x = 1;
    __asm__("incl %0" : "+a"(x) : : "eax");
    return x;
}
