// expect-error: 5: variably modified
int f(int n)
{
    int r = 0;
    goto inside;
    {
        int a[n];
    inside:
        a[0] = 1;
        r = a[0];
    }
    return r;
}
