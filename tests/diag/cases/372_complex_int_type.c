// expect-error: 5: complex integer
// gcc-accepts
int main(void)
{
    _Complex int z = 0;
    (void)z;
    return 0;
}
