/* Integer promotions: small types become int before arithmetic. */
#include <stdio.h>

int main(void)
{
    unsigned char a = 250, b = 10;
    printf("%d\n", a + b);                /* 260: int arithmetic */
    printf("%d\n", (unsigned char)(a + b));
    unsigned char c = 1;
    printf("%d\n", ~c);                   /* ~ on int: -2 */
    printf("%d\n", -c);                   /* -1 */
    unsigned short us = 65535;
    printf("%d\n", us * 2);                /* int arithmetic: 131070 */
    printf("%u\n", (unsigned)us * us);
    signed char sc = -1;
    unsigned char uc = 255;
    printf("%d\n", sc == uc);             /* -1 vs 255 as ints: 0 */
    char ch = 'z';
    printf("%d\n", ch - 'a');
    printf("%d %d %d\n", (int)sizeof(c + c), (int)sizeof(us + 0), (int)sizeof(+ch));
    short s1 = 30000, s2 = 30000;
    int r = s1 + s2;
    printf("%d\n", r);
    unsigned char shift = 1;
    printf("%d\n", shift << 20);
    _Bool bl = 5;
    printf("%d %d\n", bl, bl + bl);
    unsigned char bits = 0x0f;
    printf("%x\n", (unsigned)~bits);
    printf("%d\n", (unsigned char)~bits);
    return 0;
}
