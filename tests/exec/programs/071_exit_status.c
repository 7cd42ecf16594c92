/* main's return value becomes the exit status; this program returns 3 on purpose. */
#include <stdio.h>

static int check(int cond, const char *what)
{
    printf("%s: %s\n", what, cond ? "pass" : "fail");
    return !cond;
}

int main(void)
{
    int failures = 0;
    failures += check(1 + 1 == 2, "addition");
    failures += check(10 / 3 == 3, "division");
    failures += check(sizeof(int) == 4, "int size");
    failures += check(-7 % 3 == 2, "negative modulo is not 2");
    failures += check('a' > 'b', "letters");
    failures += check(0u - 1 < 5u, "unsigned wrap");
    printf("failures %d\n", failures);
    return failures;
}
