/* Character and string escape sequences, printed as numbers so the output is plain. */
#include <stdio.h>

static void dump(const char *s, int n)
{
    for (int i = 0; i < n; i++)
        printf("%d ", (unsigned char)s[i]);
    printf("\n");
}

int main(void)
{
    char simple[] = "\a\b\f\n\r\t\v\\\'\"\?";
    dump(simple, sizeof simple);
    char octal[] = "\0\7\12\101\177\377";
    dump(octal, sizeof octal);
    char hex[] = "\x00\x41\x7f\x80\xff\x1";
    dump(hex, sizeof hex);
    char mixed[] = "A\x42" "C\103D";
    printf("%s %d\n", mixed, (int)sizeof mixed);
    printf("%d %d %d %d %d\n", '\n', '\0', '\\', '\'', '"');
    printf("%d %d %d\n", '\x7f', '\377', '\xff');   /* char is signed: -1 for the last two */
    char concat[] = "con" "cat" "en" "ation";
    printf("%s %d\n", concat, (int)sizeof concat);
    printf("tab[\t] quote[\"] backslash[\\] percent[%%]\n");
    const char *multi = "line1\n"
                        "line2\n";
    printf("%s", multi);
    char q = '?';
    printf("%c%c\n", q, '\?');
    printf("%d\n", "\0abc"[0] == 0 && "\0abc"[1] == 'a');
    printf("%d\n", (int)sizeof "\x41\102C");
    return 0;
}
