/* _Bool, plain/signed/unsigned char arithmetic and character classification. */
#include <stdio.h>

//! break: classified_c caesar_done end
//! globals: g_vowels g_flag
//! step: is_vowel 8
//! next: caesar 12
//! finish: is_vowel
//! bt: shift_body

int g_vowels;
_Bool g_flag = 0;

static _Bool is_vowel(char c)
{
    _Bool v = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';   //@ label: vowel_body
    return v;
}

static char shift(char c, signed char by)
{
    if (c < 'a' || c > 'z')
        return c;
    int off = (c - 'a' + by + 26) % 26;            //@ label: shift_body
    if (is_vowel(c))
        g_vowels++;
    return (char)('a' + off);
}

static void caesar(char *s, signed char by)
{
    int k;
    for (k = 0; s[k] != 0; k++)
        s[k] = shift(s[k], by);
}

int main(void)
{
    char text[12] = "attack zoo";
    signed char key = -3;
    unsigned char high = 233;
    _Bool any = high > 200;
    _Bool none = 0;
    char kind = is_vowel('e') ? 'V' : 'C';         //@ label: classified_c
    caesar(text, key);
    g_flag = any && !none;
    printf("%s %d %u %d %c %d\n", text, key, high, any, kind, g_vowels);   //@ label: caesar_done
    printf("%d\n", g_flag);                        //@ label: end
    return 0;
}
