/* Callees built by another compiler (clang-22 relies on callers having extended
   char/short/_Bool arguments to 32 bits; gcc does not). */
int take_short(short s) { return s; }
unsigned take_ushort(unsigned short s) { return s; }
int take_schar(signed char c) { return c; }
int take_char(char c) { return c; }
unsigned take_uchar(unsigned char c) { return c; }
int take_bool(_Bool b) { return b; }
long take_short_wide(short s) { return s; }
unsigned long take_uchar_wide(unsigned char c) { return c; }
long take_many(int a, short b, char c, unsigned char d, _Bool e, unsigned short f, short g,
               signed char h, unsigned short i) {
    return a + b * 3L + c * 5L + d * 7L + e * 11L + f * 13L + g * 17L + h * 19L + i * 23L;
}
short give_short(int x) { return (short)x; }
unsigned char give_uchar(int x) { return (unsigned char)x; }
_Bool give_bool(int x) { return x != 0; }
signed char give_schar(int x) { return (signed char)x; }
