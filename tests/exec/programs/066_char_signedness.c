/* Plain char is signed on x86-64 (as with gcc); high bytes become negative ints. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char c = (char)0xE9;
    printf("%d %d\n", c, c < 0);
    char bytes[] = "\xff\x80\x7f\x01";
    for (int i = 0; i < 4; i++)
        printf("%d/%d ", bytes[i], (unsigned char)bytes[i]);
    printf("\n");
    int histogram_pos = 0, histogram_neg = 0;
    for (int i = 0; i < 256; i++) {
        char ch = (char)i;
        if (ch < 0)
            histogram_neg++;
        else
            histogram_pos++;
    }
    printf("%d %d\n", histogram_pos, histogram_neg);
    char hi = (char)200;
    int widened = hi;
    unsigned uw = (unsigned)hi;
    printf("%d %u\n", widened, uw);
    printf("%d\n", (char)0x80 >> 1);
    char s1[] = "\xc3\xa9t\xc3\xa9";
    printf("%d\n", (int)strlen(s1));
    int sum = 0;
    for (int i = 0; s1[i]; i++)
        sum += s1[i];
    printf("%d\n", sum);
    char a = '\x90', b = 'A';
    printf("%d\n", a < b);
    printf("%d\n", memcmp(&a, &b, 1) > 0);   /* memcmp compares as unsigned char */
    return 0;
}
