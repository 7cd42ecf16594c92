// expect-error: 5: unsupported
// gcc-accepts
int main(void)
{
    _Complex double z;
    (void)z;
    return 0;
}
