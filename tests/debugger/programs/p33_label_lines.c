/* Labels at -O0: gcc holds a label's line with a nop on a branch into it
   (json-c's `while (PEEK_CHAR(c, tok)) { redo_char: switch (state) ...}`, an `if`
   arm), and a `break;` alone in its block that falls through keeps its own line
   the same way; a label reached by falling out of the statement before it has no
   row, and neither has one entered only by its goto. */
#include <stdio.h>

//! break: redo_top eat_digit tail
//! globals: g_state g_count
//! step: tokenize 70
//! next: tokenize 50
//! finish: peek
//! bt: peek_body
//! lldb

int g_state, g_count;

static int peek(const char *s, int i, char *c)
{
    *c = s[i];                                     //@ label: peek_body
    return *c != '\0';
}

static int tokenize(const char *s)
{
    char c = 0;
    int i = 0, n = 0;
    while (peek(s, i, &c))
    {

    redo_char:
        switch (g_state)                           //@ label: redo_top
        {
        case 0:
            if (c >= '0' && c <= '9') {
                g_state = 1;
                goto redo_char;
            }
            n++;
            break;
        case 1:
            n += c - '0';                          //@ label: eat_digit
            g_state = 0;
        }
        i++;
    }
    if (n > 3)
        g_count = n;
after_if:
    g_count++;
    if (g_count < 12) {
    again:
        g_count += 2;
    }
    if (g_count < 10)
        goto again;
    g_count++;
    if (g_count > 100)
        goto after_if;
    return n;                                      //@ label: tail
}

int main(void)
{
    printf("%d\n", tokenize("a1b22c"));
    printf("%d %d\n", g_state, g_count);
    return 0;
}
