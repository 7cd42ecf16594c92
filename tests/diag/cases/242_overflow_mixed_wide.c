// gcc-accepts
// expect-error: 6: unsupported: '__builtin_mul_overflow'
int main(void)
{
    long r;
    return __builtin_mul_overflow(1UL, -1L, &r);
}
