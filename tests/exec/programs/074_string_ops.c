/* Hand-written string routines over char pointers: length, compare, copy, reverse, search, case. */
#include <stdio.h>

static unsigned my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (unsigned)(p - s);
}

static int my_strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static char *my_strcpy(char *dst, const char *src)
{
    char *d = dst;
    while ((*d++ = *src++) != '\0')
        ;
    return dst;
}

static void my_reverse(char *s)
{
    char *e = s + my_strlen(s);
    while (s < --e) {
        char t = *s;
        *s++ = *e;
        *e = t;
    }
}

static const char *my_strstr(const char *hay, const char *needle)
{
    for (; *hay; hay++) {
        const char *h = hay, *n = needle;
        while (*n && *h == *n) {
            h++;
            n++;
        }
        if (!*n)
            return hay;
    }
    return 0;
}

static void upcase(char *s)
{
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s -= 'a' - 'A';
}

static int is_palindrome(const char *s)
{
    unsigned n = my_strlen(s);
    for (unsigned i = 0; i < n / 2; i++)
        if (s[i] != s[n - 1 - i])
            return 0;
    return 1;
}

static int count_words(const char *s)
{
    int n = 0, in = 0;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n')
            in = 0;
        else if (!in) {
            in = 1;
            n++;
        }
    }
    return n;
}

int main(void)
{
    char buf[64];
    printf("%u %u\n", my_strlen("hello"), my_strlen(""));
    printf("%d %d %d\n", my_strcmp("abc", "abd") < 0, my_strcmp("b", "a") > 0, my_strcmp("same", "same"));
    my_strcpy(buf, "reverse me");
    my_reverse(buf);
    printf("%s\n", buf);
    const char *hit = my_strstr("find the needle in hay", "needle");
    printf("%s\n", hit ? hit : "(none)");
    printf("%s\n", my_strstr("abc", "abd") ? "found" : "(none)");
    my_strcpy(buf, "Mixed Case 123");
    upcase(buf);
    printf("%s\n", buf);
    const char *pals[] = { "racecar", "level", "hello", "a", "", "abba", "abca" };
    for (int i = 0; i < 7; i++)
        printf("'%s' %d\n", pals[i], is_palindrome(pals[i]));
    printf("%d\n", count_words("  the quick\tbrown  fox\njumps "));
    return 0;
}
