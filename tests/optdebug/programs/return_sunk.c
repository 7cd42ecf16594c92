/* The return statement's copy into %eax sinks into line 15's code (the scheduler):
 * the return line's only code left is the epilogue and the `ret`; the epilogue
 * keeps line 16 (its stop) and the `ret` takes the closing brace. */
int sink;

__attribute__((noinline)) static int leaf(int v)
{
    sink += v;
    return v + 1;
}

__attribute__((noinline)) static int work(int x, int k)
{
    sink += k;
    sink += leaf(x);
    return k;
}

int main(void)
{
    int t = 0;
    for (int i = 0; i < 3; i++)
        t += work(i + 10, i);
    return t == 3 ? 0 : 1;
}
