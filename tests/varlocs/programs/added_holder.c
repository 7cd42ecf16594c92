/* A local whose address is taken lives in its stack slot; each load of it also
 * records the register loaded into as a second holder of the same value (an
 * `add` record, opt/mem_value_locs.py). The scheduler may put that record above
 * code that preceded it, and the value a record assigns must then wait for that
 * code's rows (records_ahead.py); an `add` assigns nothing, so the slot still
 * holds the value there. Before: `c` not assigned yet (optimized out) at every
 * stop on the line that tests it. */
#include <stdio.h>

int g_state, g_count;

static int peek(const char *s, int i, char *c)
{
    *c = s[i];
    return *c != '\0';
}

static int scan(const char *s)
{
    char c = 0;
    int i = 0, n = 0;
    while (peek(s, i, &c)) {
    again:
        switch (g_state) {
        case 0:
            if (c >= '0' && c <= '9') {            //@ label: test_c
                g_state = 1;
                goto again;
            }
            n++;
            break;
        case 1:
            n += c - '0';                          //@ label: digit
            g_state = 0;
        }
        i++;
    }
    return n;
}

int main(void)
{
    printf("%d\n", scan("a1b2"));
    return 0;
}
//@ watch(c) at test_c: 'a' '1' 'b' '2'
//@ watch(c) at digit: '1' '2'
