// expect-error: 5: lvalue
int main(void)
{
    int x = 1;
    __asm__("movl $1, %0" : "=r"(x + 1));
    return x;
}
