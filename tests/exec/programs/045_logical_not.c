/* Logical not and relational operators yield int 0 or 1 for every operand type. */
#include <stdio.h>

int main(void)
{
    int vals[] = { 0, 1, -1, 42 };
    for (int i = 0; i < 4; i++)
        printf("!%d=%d !!%d=%d\n", vals[i], !vals[i], vals[i], !!vals[i]);
    long l = 1L << 33;
    printf("%d %d\n", !l, !!l);
    unsigned char uc = 0;
    printf("%d\n", !uc);
    char *p = 0;
    char buf[2] = "x";
    printf("%d %d\n", !p, !buf);
    p = buf;
    printf("%d\n", !p);
    printf("%d %d %d %d %d %d\n", 3 < 4, 3 > 4, 3 <= 3, 3 >= 4, 3 == 3, 3 != 3);
    int r = (1 < 2) + (2 < 3) + (3 < 2);
    printf("%d\n", r);
    printf("%d\n", !(5 > 3) == 0);
    printf("%d\n", (int)sizeof(!l));
    int n = 10;
    while (!(n < 3))
        n -= 3;
    printf("%d\n", n);
    unsigned long long big = 0;
    if (!big)
        printf("zero\n");
    printf("%d\n", !0 + !0 + !1);
    return 0;
}
