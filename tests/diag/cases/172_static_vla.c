// expect-error: 4: static
int k(int n)
{
    static int s[n];
    return s[0];
}
