/* switch with fallthrough, default in the middle, and cases sharing bodies. */
#include <stdio.h>

static int days_before(int month)
{
    int days = 0;
    switch (month) {        /* deliberate fallthrough accumulates */
    case 12: days += 30; /* fall through */
    case 11: days += 31; /* fall through */
    case 10: days += 30; /* fall through */
    case 9: days += 31; /* fall through */
    case 8: days += 31; /* fall through */
    case 7: days += 30; /* fall through */
    case 6: days += 31; /* fall through */
    case 5: days += 30; /* fall through */
    case 4: days += 31; /* fall through */
    case 3: days += 28; /* fall through */
    case 2: days += 31; /* fall through */
    case 1: break;
    }
    return days;
}

static const char *kind(int c)
{
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return "vowel";
    default:
        return "other";
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return "digit";
    case ' ':
        return "space";
    }
}

static int middle_default(int x)
{
    int r = 0;
    switch (x) {
    case 1:
        r += 1;
        /* fall through */
    default:
        r += 10;
        /* fall through */
    case 2:
        r += 100;
        break;
    case 3:
        r += 1000;
    }
    return r;
}

int main(void)
{
    for (int m = 1; m <= 12; m++)
        printf("%d:%d ", m, days_before(m));
    printf("\n");
    const char *s = "hi 42 you";
    for (const char *p = s; *p; p++)
        printf("%c=%s\n", *p, kind(*p));
    for (int x = 0; x <= 4; x++)
        printf("%d -> %d\n", x, middle_default(x));
    int n = 0;
    switch (n) { }
    switch (n)
        case 0: printf("single statement body\n");
    switch (5) {
    default:
        printf("only default\n");
    }
    return 0;
}
