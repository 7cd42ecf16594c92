// expect-error: 3: doesn't match prototype
int g(int a, int b);
int g(a) int a; {
    return a;
}
