#include <stdio.h>

int take_short(short s);
unsigned take_ushort(unsigned short s);
int take_schar(signed char c);
int take_char(char c);
unsigned take_uchar(unsigned char c);
int take_bool(_Bool b);
long take_short_wide(short s);
unsigned long take_uchar_wide(unsigned char c);
long take_many(int a, short b, char c, unsigned char d, _Bool e, unsigned short f, short g,
               signed char h, unsigned short i);
short give_short(int x);
unsigned char give_uchar(int x);
_Bool give_bool(int x);
signed char give_schar(int x);

__attribute__((noinline)) int opaque(int x) { return x; }

int main(void) {
    /* values whose low bits are computed in registers with other upper bits */
    int vals[] = {0x12345, -40000, 0x1ff, 0x180, 0xffff8000, 70000, -1, 0x7f80};
    for (int k = 0; k < 8; k++) {
        int v = opaque(vals[k]);
        printf("%d: %d %u %d %d %u %d %ld %lu\n", v, take_short((short)(v + 1)),
               take_ushort((unsigned short)(v * 3)), take_schar((signed char)(v ^ 0x55)),
               take_char((char)v), take_uchar((unsigned char)(v + 7)), take_bool(v & 0x100),
               take_short_wide((short)(v << 1)), take_uchar_wide((unsigned char)(v >> 1)));
        printf("  many %ld\n", take_many(v, (short)v, (char)(v >> 3), (unsigned char)(v >> 5),
                                         v & 0x10000, (unsigned short)(v >> 2), (short)(v * 5),
                                         (signed char)(v * 7), (unsigned short)(v * 9)));
        int s = give_short(v), u = give_uchar(v), b = give_bool(v & 0x300), c = give_schar(v);
        printf("  give %d %d %d %d\n", s, u, b, c);
    }
    return 0;
}
