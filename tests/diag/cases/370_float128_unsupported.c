// expect-error: 5: __float128
// gcc-accepts
int main(void)
{
    __float128 q = 1;
    (void)q;
    return 0;
}
