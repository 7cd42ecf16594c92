/* Integer literals: decimal, octal, hex, suffixes, and the type a literal gets from its value. */
#include <stdio.h>

int main(void)
{
    printf("%d %d %d\n", 0, 010, 0x10);
    printf("%d %d\n", 0777, 0xABCD);
    printf("%u %lu %llu\n", 10u, 10ul, 10ull);
    printf("%ld %lld\n", 10L, 10LL);
    printf("%u %lu\n", 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF);
    printf("%d %d %d\n", (int)sizeof(2147483647), (int)sizeof(2147483648), (int)sizeof(0x7FFFFFFF));
    printf("%d %d\n", (int)sizeof(0xFFFFFFFF), (int)sizeof(4294967296));
    printf("%d %d %d\n", (int)sizeof(1u), (int)sizeof(1l), (int)sizeof(1ll));
    printf("%d\n", 0xFFFFFFFF > 0);          /* unsigned int */
    printf("%d\n", -1 < 0xFFFFFFFF);         /* compares as unsigned: 0 */
    printf("%d\n", -1 < 4294967296);         /* long: 1 */
    printf("%ld\n", 2147483648);
    printf("%ld\n", -2147483648);
    printf("%d\n", 'a');
    printf("%d %d\n", 0x7fffffff, 017777777777);
    printf("%lx\n", 0xdeadbeefUL);
    printf("%lld\n", 9223372036854775807LL);
    printf("%llu\n", 9223372036854775808ULL);
    printf("%o %x %X\n", 511, 48879, 48879);
    int x = 1000000;
    printf("%d\n", x);
    return 0;
}
