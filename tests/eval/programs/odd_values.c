/* Values a debugger reads but cannot print as a number or elements: an x87
   extended value with no number in its bits, a VLA of no elements, a struct's
   zero-length trailing array. None of them is optimized out. */
#include <string.h>

struct msg { int len; int tail[0]; };
static struct msg g_msg = { 3 };

static int use(long double *p, struct msg *m, int n)
{
    return (*p > 0) + m->len + n;
}

int main(void)
{
    static const unsigned char bits[16] = { 1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0x3f };
    long double odd;
    memcpy(&odd, bits, sizeof odd); /* an unnormal: exponent set, integer bit clear */
    struct msg m = g_msg;
    int n = 0;
    int none[n];
    int r = use(&odd, &m, n + (int)sizeof none);
    return r == 99; /* all read */
}
