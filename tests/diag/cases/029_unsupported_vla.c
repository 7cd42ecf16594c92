// expect-error: 6: unsupported
// gcc-accepts
int main(void)
{
    int n = 4;
    int a[n];
    a[0] = 1;
    return a[0];
}
