/* A value two opposite counters keep in their sum: `len` is read only to start j,
 * so its register is reused for j; but in the loop i + j == len - 1 on every trip
 * (i steps +1, j -1), and len is i + j + 1, over two registers (opt/counter_sums.py,
 * ir/operand_records.py). Likewise `total` = lo + hi in a loop moving them by 3.
 * Before: optimized out in the loops. */
#include <stdio.h>
#include <string.h>

static int my_strlen(const char *s)
{
    int n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}

__attribute__((noinline)) static void reverse(char *buf)
{
    int len = my_strlen(buf);
    int i = 0;
    int j = len - 1;
    while (i < j) {
        char t = buf[i];                           //@ label: swap
        buf[i] = buf[j];
        buf[j] = t;
        i++;
        j--;
    }
}

__attribute__((noinline)) static long spread(const char *s, long *out)
{
    long total = (long)strlen(s) * 5;
    long lo = 10, hi = total - 10;
    long n = 0;
    while (lo < hi) {
        out[n++] = lo * hi;                        //@ label: spread
        lo += 3;
        hi -= 3;
    }
    return n;
}

int main(void)
{
    char word[16] = "debugger";
    char three[] = "abc";
    long buf[64] = {0};  /* (read whole by the debuggers: no stack leftovers) */
    reverse(word);
    reverse(three);
    long n = spread("debugger", buf) + spread("seven..", buf);
    printf("%s %s %ld\n", word, three, n);
    return 0;
}
//@ watch(len) at swap: 8 3
//@ watch(total) at spread: 40 35
