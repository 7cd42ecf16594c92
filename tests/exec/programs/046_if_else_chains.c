/* if/else chains, nested ifs, dangling else binding to the nearest if. */
#include <stdio.h>

static const char *classify(int n)
{
    if (n < 0)
        return "negative";
    else if (n == 0)
        return "zero";
    else if (n < 10)
        return "digit";
    else if (n < 100)
        return "two digits";
    else
        return "large";
}

static int grade(int score)
{
    char g;
    if (score >= 90) g = 'A';
    else if (score >= 80) g = 'B';
    else if (score >= 70) g = 'C';
    else if (score >= 60) g = 'D';
    else g = 'F';
    return g;
}

int main(void)
{
    int tests[] = { -5, 0, 7, 42, 100, 999 };
    for (int i = 0; i < 6; i++)
        printf("%d %s\n", tests[i], classify(tests[i]));
    for (int s = 55; s <= 100; s += 9)
        printf("%d %c\n", s, grade(s));
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            if (a)
                if (b)
                    printf("%d%d both\n", a, b);
                else
                    printf("%d%d a only\n", a, b);   /* binds to inner if */
            printf("%d%d end\n", a, b);
        }
    int x = 15;
    if (x % 3 == 0) {
        if (x % 5 == 0) {
            printf("fizzbuzz\n");
        } else {
            printf("fizz\n");
        }
    } else if (x % 5 == 0) {
        printf("buzz\n");
    }
    if (x) ; else printf("never\n");
    if (0) printf("never\n");
    if (1) { } else { printf("never\n"); }
    long big = 1L << 50;
    if (big) printf("long cond\n");
    char *s = "s";
    if (s) printf("pointer cond\n");
    return 0;
}
