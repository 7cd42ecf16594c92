/* With a canary the check before the epilogue takes the epilogue's location:
 * the return line (11), whose only code it is with the epilogue; the `ret` is
 * the brace (12). Built with -fstack-protector-all. */
int g;
__attribute__((noinline)) static int f(int x)
{
    char buf[16];
    __builtin_memset(buf, x, sizeof buf);
    g += buf[3];
    int r = buf[x & 7] + x;
    return r;
}
int main(void) { return f(2) == 4 ? 0 : 1; }
