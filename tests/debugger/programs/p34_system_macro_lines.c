/* Blocks whose lines expand system-header macros (`isalnum`, `NULL`, `errno`):
   cpp cuts such a line into pieces with line markers, and the `}` of
   `} while (isalnum(...));` sits in a piece before the expansion. Lua's
   b_str2int has this shape; atomc once took the end of such a function from a
   scan of the text that lost that `}`, and put the function's closing stop on
   another function's line (or on its own opening line). */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>

//! break: scan_top words_top
//! globals: g_calls
//! step: count_alnum 30
//! next: count_words 40
//! finish: count_alnum
//! bt: deepest
//! lldb

int g_calls;

static int deepest(const char *s)
{
    g_calls++;                                      //@ label: deepest
    return *s == '\0' ? 0 : 1;
}

static int count_alnum(const char *s)
{
    int n = 0;                                      //@ label: scan_top
    if (s == NULL) { errno = EINVAL; return -1; }
    do {
        n++;
        s++;
    } while (isalnum((unsigned char)*s));
    n += deepest(s);
    return n;
}

static const char *skip_spaces(const char *s)
{
    while (*s != '\0' && isspace((unsigned char)*s)) {
        s++;
    }
    return *s == '\0' ? NULL : s;
}

static int count_words(const char *s)
{
    int words = 0;                                  //@ label: words_top
    for (const char *p = skip_spaces(s); p != NULL; p = skip_spaces(p)) {
        words++;
        do {
            p++;
        } while (*p != '\0' && !isspace((unsigned char)*p));
    }
    return words;
}

int main(void)
{
    int a = count_alnum("abc1 x");
    int b = count_alnum(NULL);
    int w = count_words("  one two  three ");
    printf("%d %d %d %d\n", a, b, w, g_calls);
    return 0;
}
