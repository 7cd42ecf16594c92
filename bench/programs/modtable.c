/* Division by constants: a 2-D table of (r * 7 + c * 3 + seed) % 11 (the shape
 * issue 13 reads), decimal formatting of 64-bit numbers by / 10 and % 10, and a
 * base-1e9 bignum carry chain; every divisor is a constant, as in real code. */
#include <stdio.h>

#define ROWS 600
#define COLS 600

static int table[ROWS][COLS];

static long fill(int seed)
{
    long sum = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            table[r][c] = (r * 7 + c * 3 + seed) % 11;
            sum += table[r][c] / 3;
        }
    return sum;
}

static int digits(unsigned long v, char *out)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
    return n;
}

static unsigned limbs[64];

static void times_small(unsigned k)
{
    unsigned long carry = k;  /* x * k + k keeps the low limbs from running to zero */
    for (int i = 0; i < 64; i++) {
        unsigned long t = (unsigned long)limbs[i] * k + carry;
        limbs[i] = (unsigned)(t % 1000000000u);
        carry = t / 1000000000u;
    }
}

int main(void)
{
    long total = 0;
    for (int seed = 0; seed < 40; seed++) total += fill(seed);
    char buf[32];
    unsigned long x = 0x9E3779B97F4A7C15ul, len = 0;
    for (int i = 0; i < 2000000; i++) {
        x = x * 6364136223846793005ul + 1442695040888963407ul;
        len += (unsigned long)digits(x >> (i & 31), buf) + (unsigned char)buf[0];
    }
    limbs[0] = 1;
    for (unsigned k = 2; k < 20000; k++) times_small(k % 97 + 2);
    unsigned long h = 0;
    for (int i = 0; i < 64; i++) h = h * 31 + limbs[i];
    printf("%ld %lu %lu\n", total, len, h);
    return 0;
}
