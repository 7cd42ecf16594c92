/* Globals and statics with constant initialisers of every integer type, and zero-initialised ones. */
#include <stdio.h>

char gc = 'G';
signed char gsc = -5;
unsigned char guc = 250;
short gs = -1234;
unsigned short gus = 60000;
int gi = -100000;
unsigned gu = 4000000000u;
long gl = -5000000000L;
unsigned long gul = 18000000000000000000UL;
long long gll = -(1LL << 62);
unsigned long long gull = ~0ULL;
int zero_int;
long zero_long;
static int file_static = 42;
static const int computed = (3 + 4) * 5 - (1 << 3) / 2;
int neg_expr = -(7 % 3) + ~0;
const char gch = 'a' + 2;
unsigned mask = 0xFFu << 8 | 0x0F;
int truth = 10 > 3 && 4 != 4;
int tern = sizeof(long) == 8 ? 64 : 32;
_Bool gbool = 2;
enum { ECONST = 17 };
int from_enum = ECONST * 2;

static void bump(void)
{
    gi++;
    file_static += 2;
    zero_int--;
}

int main(void)
{
    printf("%c %d %u\n", gc, gsc, guc);
    printf("%d %u\n", gs, gus);
    printf("%d %u\n", gi, gu);
    printf("%ld %lu\n", gl, gul);
    printf("%lld %llu\n", gll, gull);
    printf("%d %ld\n", zero_int, zero_long);
    printf("%d %d %d %c\n", file_static, computed, neg_expr, gch);
    printf("%x %d %d %d %d\n", mask, truth, tern, gbool, from_enum);
    bump();
    bump();
    printf("%d %d %d\n", gi, file_static, zero_int);
    return 0;
}
