// expect-error: 4: no such parameter
int f(a, b)
    int a;
    long c;
{
    return a + b;
}
