/* Switch on char, signed char and unsigned char: a lexer over text bytes. */
#include <stdio.h>

static int kind(char c) {
    switch (c) {
    case ' ': case '\t': case '\n': return 0;
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': return 1;
    case '+': case '-': case '*': case '/': case '%': return 2;
    case '(': case ')': return 3;
    case 'a': case 'e': case 'i': case 'o': case 'u': return 4;
    default: return 5;
    }
}

static int hibyte(unsigned char c) {
    switch (c) {
    case 0x80: case 0x81: case 0x82: case 0x83: return 1;
    case 0xfe: return 2;
    case 0xff: return 3;
    case 0x00: return 4;
    case 0x7f: return 5;
    }
    return 0;
}

static int sbyte(signed char c) {
    switch (c) {
    case -128: return 1;
    case -127: return 2;
    case -2: return 3;
    case -1: return 4;
    case 0: return 5;
    case 1: return 6;
    case 126: return 7;
    case 127: return 8;
    }
    return 0;
}

int main(void) {
    const char *text = "x = (12 + ab) * 7 / 3 - e%u\n\toi";
    int counts[6] = {0};
    for (const char *p = text; *p; p++)
        counts[kind(*p)]++;
    for (int k = 0; k < 6; k++)
        printf("kind %d: %d\n", k, counts[k]);
    int h = 0, s = 0;
    for (int b = 0; b < 256; b++) {
        h = h * 7 + hibyte((unsigned char)b);
        s = s * 5 + sbyte((signed char)b);
        h &= 0xffffff;
        s &= 0xffffff;
    }
    printf("h = %d s = %d\n", h, s);
    return 0;
}
