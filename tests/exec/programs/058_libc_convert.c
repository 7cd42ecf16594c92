/* abs, labs, atoi, atol, strtol, strtoul with bases and end pointers, snprintf into buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    printf("%d %d %ld %lld\n", abs(-5), abs(7), labs(-1234567890123L), llabs(-9000000000000LL));
    printf("%d %d %d\n", atoi("42"), atoi("  -17xyz"), atoi("0"));
    printf("%ld\n", atol("9876543210"));
    const char *inputs[] = { "123", "-456", "0x1F", "0755", "zz", "  +99 rest" };
    for (int i = 0; i < 6; i++) {
        char *end;
        long v = strtol(inputs[i], &end, 0);
        printf("'%s' -> %ld rest '%s'\n", inputs[i], v, end);
    }
    printf("%ld %ld %ld\n", strtol("ff", NULL, 16), strtol("777", NULL, 8), strtol("z", NULL, 36));
    printf("%lu\n", strtoul("18446744073709551615", NULL, 10));
    printf("%ld\n", strtol("101101", NULL, 2));
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%d-%s-%c-%x", 12, "ab", 'Z', 255);
    printf("%s %d\n", buf, n);
    char tiny[6];
    n = snprintf(tiny, sizeof tiny, "%s", "truncated text");
    printf("%s %d\n", tiny, n);
    n = snprintf(NULL, 0, "%ld", -1234567L);
    printf("needed %d\n", n);
    char num[32];
    for (int i = -3; i <= 3; i++) {
        snprintf(num, sizeof num, "%+05d", i * 37);
        printf("%s ", num);
    }
    printf("\n");
    char joined[128] = "";
    for (int i = 0; i < 5; i++) {
        size_t len = strlen(joined);
        snprintf(joined + len, sizeof joined - len, "%s%d", i ? "," : "", i * i);
    }
    printf("%s\n", joined);
    return 0;
}
