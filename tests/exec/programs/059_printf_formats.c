/* printf conversions and flags: widths, precision, padding, length modifiers, %%, %c, %s. */
#include <stdio.h>

int main(void)
{
    printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42, 42);
    printf("[%d] [%5d] [%-5d] [%05d] [%+d]\n", -42, -42, -42, -42, -42);
    printf("[%u] [%x] [%X] [%o] [%#x] [%#o]\n", 3000000000u, 48879u, 48879u, 8u, 255u, 8u);
    printf("[%ld] [%lu] [%lx]\n", -9000000000L, 9000000000UL, 0xABCDEF012345UL);
    printf("[%lld] [%llu] [%llx]\n", -1LL, 18446744073709551615ULL, 0xFEDCBA9876543210ULL);
    printf("[%hd] [%hu] [%hhd] [%hhu]\n", (short)-3, (unsigned short)65535, (signed char)-7, (unsigned char)200);
    printf("[%c%c%c] [%3c] [%-3c]\n", 'a', 'b', 'c', 'x', 'y');
    printf("[%s] [%10s] [%-10s] [%.3s] [%10.2s]\n", "str", "right", "left", "truncate", "ab");
    printf("[%*d] [%-*d] [%.*s]\n", 6, 7, 6, 7, 2, "precision");
    printf("[%.5d] [%8.3d] [%-8.3d]\n", 42, 7, -7);
    printf("[%%] [100%%]\n");
    printf("[%zu] [%zd]\n", sizeof(long), (long)-5);
    printf("[%x] [%08x] [%-8x]\n", 0u, 0xbeefu, 0xbeefu);
    printf("%d %s %c %u %ld %x\n", 1, "two", '3', 4u, 5L, 6);
    int n = printf("count me\n");
    printf("%d\n", n);
    puts("puts adds a newline");
    fputs("fputs does not\n", stdout);
    putchar('!');
    putchar('\n');
    for (int i = 0; i < 5; i++)
        printf("%3d|%-3d|%03d\n", i * i, i * 3, i);
    return 0;
}
