// expect-error: 4: redefinition of parameter
int h(a)
    int a;
    int a;
{
    return a;
}
