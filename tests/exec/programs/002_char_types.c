/* char, signed char, unsigned char: ranges, promotion and arithmetic. */
#include <stdio.h>

int main(void)
{
    char c = 'A';
    signed char sc = -128;
    unsigned char uc = 255;
    printf("%d %d %d\n", c, sc, uc);
    c = c + 25;
    printf("%c %d\n", c, c);
    sc = sc + 1;
    uc = uc + 1;               /* wraps to 0 after conversion */
    printf("%d %d\n", sc, uc);
    uc = 200;
    sc = (signed char)uc;      /* gcc: modulo 256 -> -56 */
    printf("%d %d\n", sc, (unsigned char)sc);
    unsigned char a = 200, b = 100;
    int sum = a + b;           /* promoted to int: 300 */
    unsigned char tr = a + b;  /* truncated: 44 */
    printf("%d %d\n", sum, tr);
    signed char m = -1;
    unsigned char um = m;
    printf("%d %u\n", m, um);
    printf("%d\n", (unsigned char)-1 == 255);
    printf("%d\n", (signed char)0x80);
    char s[] = "Hello";
    int total = 0;
    for (int i = 0; s[i]; i++)
        total += s[i];
    printf("total %d\n", total);
    for (int i = -3; i <= 3; i++) {
        signed char v = (signed char)(i * 50);
        unsigned char w = (unsigned char)(i * 50);
        printf("%d: %d %d\n", i, v, w);
    }
    char digits[10];
    for (int i = 0; i < 10; i++)
        digits[i] = (char)('0' + i);
    for (int i = 9; i >= 0; i--)
        putchar(digits[i]);
    putchar('\n');
    printf("sizes %d %d %d\n", (int)sizeof(char), (int)sizeof(signed char), (int)sizeof(unsigned char));
    return 0;
}
