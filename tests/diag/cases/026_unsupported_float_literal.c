// expect-error: 5: unsupported
// gcc-accepts
int main(void)
{
    int x = 2.5L;
    return x;
}
