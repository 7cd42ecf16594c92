/* String locals, char arrays, string literals and character loops. */
#include <stdio.h>

//! break: counted reversed greeted
//! globals: g_greeting
//! step: my_strlen 10
//! next: reverse 12
//! finish: count_char
//! bt: len_loop
//! lldb

const char *g_greeting = "hello, world";

static int my_strlen(const char *s)
{
    int n = 0;
    while (s[n] != '\0')                          //@ label: len_loop
        n++;
    return n;
}

static void reverse(char *buf)
{
    int len = my_strlen(buf);
    int i = 0;
    int j = len - 1;
    while (i < j) {
        char t = buf[i];
        buf[i] = buf[j];
        buf[j] = t;
        i++;
        j--;
    }
}

static int count_char(const char *s, char c)
{
    int count = 0;
    const char *p;
    for (p = s; *p; p++)
        if (*p == c)
            count++;
    return count;                                  //@ label: counted
}

int main(void)
{
    char word[16] = "debugger";
    char letters[] = {'x', 'y', 'z', '\0'};
    const char *lit = "literal";
    int ls = count_char(g_greeting, 'l');
    reverse(word);
    reverse(letters);                              //@ label: reversed //@ watch(word[0]): 'r'
    char first = lit[0];
    printf("%s %s %s %d %c\n", word, letters, lit, ls, first);   //@ label: greeted //@ watch(*lit): 'l'
    return 0;
}
