// gcc-accepts
// expect-error: 6: unsupported: '__builtin_mul_overflow'
int main(void)
{
    __int128 r;
    return __builtin_mul_overflow((unsigned __int128)1, (__int128)-1, &r);
}
