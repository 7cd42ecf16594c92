/* Fall-through between cases, Duff's device, and cases sharing code. */
#include <stdio.h>

static int falls(int x) {
    int acc = 0;
    switch (x) {
    case 0: acc += 1;
    case 1: acc += 2;
    case 2: acc += 4;
    case 3: acc += 8; break;
    case 4:
    case 5:
    case 6: acc += 100; /* fall through */
    case 7: acc *= 3; break;
    case 8: return -8;
    default: acc = -1;
    }
    return acc;
}

static void duff(char *to, const char *from, int count) {
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

int main(void) {
    for (int x = -1; x < 11; x++)
        printf("falls(%d) = %d\n", x, falls(x));
    const char *src = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (int len = 1; len <= 20; len++) {
        char buf[64] = {0};
        duff(buf, src, len);
        printf("duff %d: %s\n", len, buf);
    }
    return 0;
}
