// expect-error: 7: variably modified
int g(int n)
{
    switch (n) {
        int b[n];
        b[0] = 1;
    case 1:
        return b[0];
    }
    return 0;
}
