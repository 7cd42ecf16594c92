/* Arrays of string literals and char arrays initialised from strings, globals and locals. */
#include <stdio.h>
#include <string.h>

static const char *const months[] = {
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
};
char words[][8] = { "one", "two", "three", "four", "fivefiv" };
const char *nested[2][2] = { { "a0", "a1" }, { "b0", "b1" } };
char exact[5] = "exact";          /* no terminating NUL stored */
const char *empty = "";

int main(void)
{
    for (int i = 0; i < 12; i++)
        printf("%2d %-9s %d\n", i + 1, months[i], (int)strlen(months[i]));
    for (int i = 0; i < 5; i++)
        printf("%s|", words[i]);
    printf("\n");
    words[1][0] = 'T';
    printf("%s %d\n", words[1], (int)sizeof words);
    printf("%s %s\n", nested[1][0], nested[0][1]);
    printf("%c%c%c%c%c\n", exact[0], exact[1], exact[2], exact[3], exact[4]);
    printf("[%s] %d\n", empty, (int)strlen(empty));
    const char *local[] = { "x", "yy", "zzz" };
    int total = 0;
    for (int i = 0; i < 3; i++)
        total += (int)strlen(local[i]);
    printf("%d\n", total);
    printf("%c %c\n", "literal"[2], *("abc" + 1));
    printf("%d %d\n", (int)sizeof("hello"), (int)sizeof(months) / (int)sizeof(months[0]));
    char copy[16];
    strcpy(copy, months[8]);
    copy[3] = '\0';
    printf("%s\n", copy);
    return 0;
}
