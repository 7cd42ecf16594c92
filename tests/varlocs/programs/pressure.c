/* More live values than registers: the allocator spills, and every variable
   must still show its own value (or be optimized out) at every stop. */
#include <stdio.h>

int mix(int a, int b, int c, int d, int e, int f)
{
    int s1 = a * 3 + b;
    int s2 = b * 5 - c;
    int s3 = c * 7 + d;
    int s4 = d * 11 - e;
    int s5 = e * 13 + f;
    int s6 = f * 17 - a;
    int s7 = s1 + s2 * s3;
    int s8 = s4 - s5 * s6;
    printf("%d %d\n", s7, s8);
    int total = s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8;
    return total ^ (s1 - s6);
}

int main(void)
{
    int acc = 0;
    for (int i = 0; i < 3; i++)
        acc += mix(i, i + 1, i + 2, i + 3, i + 4, i + 5);
    printf("%d\n", acc);
    return 0;
}
