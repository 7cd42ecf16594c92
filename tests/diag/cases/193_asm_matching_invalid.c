// expect-error: 5: matching constraint references invalid operand number
int main(void)
{
    int x = 1, y = 2;
    __asm__("addl %1, %0" : "=r"(x) : "3"(y));
    return x;
}
