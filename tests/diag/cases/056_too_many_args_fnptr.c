// expect-error: 6: arguments
static int neg(int v) { return -v; }
int main(void)
{
    int (*fp)(int) = neg;
    return fp(1, 2);
}
