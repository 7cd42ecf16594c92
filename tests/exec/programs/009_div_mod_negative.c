/* Division truncates toward zero; remainder takes the sign of the dividend. */
#include <stdio.h>

int main(void)
{
    int a[] = { 7, -7, 7, -7, 0, 1, -1, 100 };
    int b[] = { 2, 2, -2, -2, 3, -5, 5, -7 };
    for (int i = 0; i < 8; i++)
        printf("%d / %d = %d, %d %% %d = %d\n", a[i], b[i], a[i] / b[i], a[i], b[i], a[i] % b[i]);
    long la = -1234567890123L;
    printf("%ld %ld\n", la / 1000, la % 1000);
    long long lb = -9000000000000000000LL;
    printf("%lld %lld\n", lb / 7, lb % 7);
    short s = -33;
    printf("%d %d\n", s / 4, s % 4);
    signed char c = -100;
    printf("%d %d\n", c / 3, c % 3);
    for (int x = -10; x <= 10; x += 3) {
        int q = x / 3, r = x % 3;
        printf("%d = 3*%d + %d check %d\n", x, q, r, 3 * q + r == x);
    }
    int d = 17;
    d /= -3;
    printf("%d\n", d);
    d = -17;
    d %= 5;
    printf("%d\n", d);
    unsigned int u = 17;
    printf("%u %u\n", u / 5, u % 5);
    return 0;
}
