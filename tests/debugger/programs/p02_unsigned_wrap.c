/* Unsigned wrap-around, shifts and conversions between signed and unsigned. */
#include <stdio.h>

//! break: after_wrap shift_done
//! globals: g_total
//! step: rotate_left 8
//! next: mix 10
//! finish: checksum
//! bt: rot_body

unsigned int g_total = 0;

static unsigned int rotate_left(unsigned int x, int by)
{
    unsigned int out = (x << by) | (x >> (32 - by));   //@ label: rot_body
    return out;
}

static unsigned int checksum(const unsigned char *data, int len)
{
    unsigned int sum = 0xffffffffu;
    int k;
    for (k = 0; k < len; k++) {
        sum = rotate_left(sum, 5) ^ data[k];
    }
    return sum;
}

static unsigned long mix(unsigned int a, unsigned short b)
{
    unsigned int wrapped = a + 100u;
    unsigned short small = (unsigned short)(b + 1000);
    int negative = -5;
    unsigned int as_unsigned = (unsigned int)negative;
    unsigned long shifted = (unsigned long)wrapped << 33;
    unsigned long result = shifted + small + as_unsigned;   //@ label: after_wrap
    return result;
}

int main(void)
{
    unsigned char bytes[7] = {1, 2, 3, 250, 251, 252, 0};
    unsigned int max = 4294967295u;
    unsigned long m = mix(max, 65000);
    unsigned int c = checksum(bytes, 6);
    unsigned long long big = 1ULL << 63;
    long long as_signed = (long long)(big >> 3);
    unsigned int halves = (unsigned int)(big >> 32) >> 1;  //@ label: shift_done
    g_total = c + halves;
    printf("%lu %u %llu %lld %u %u\n", m, c, big, as_signed, halves, g_total);
    return 0;
}
