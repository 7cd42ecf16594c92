// expect-error: 7: operand number out of range
// gcc-accepts
// (with -fsyntax-only; gcc rejects this asm when it generates code)
int main(void)
{
    int x = 1;
    __asm__("movl $1, %1" : "=r"(x));
    return x;
}
