/* Static locals: constant initialisers including address constants, each
   initialised once; const and volatile objects, volatile accesses kept. */
#include <stdio.h>

static int g = 5;
static const char greeting[] = "hello";

static int *ptr(void) { static int *p = &g; return p; }
static const char *word(int i) {
    static const char *words[] = { "zero", "one", "two" };
    static char *lit = "literal";
    return i < 3 ? words[i] : lit;
}
static int counter(void) {
    static int c = 10;
    static long big = 1L << 40;
    big++;
    return ++c + (int)(big - (1L << 40));
}
static int index_of(void) {
    static const int *second = &g;
    static const char *tail = greeting + 3;
    return *second + tail[0];
}

int main(void) {
    printf("%d %s %s %s\n", *ptr(), word(1), word(2), word(7));
    *ptr() = 8;
    printf("%d\n", g);
    int a = counter();
    int b = counter();
    int c = counter();
    printf("%d %d %d %d\n", a, b, c, index_of());
    volatile int v = 0;
    for (int i = 0; i < 10; i++) v += i;
    volatile int sink;
    for (int i = 0; i < 5; i++) sink = i;
    const volatile int cv = 3;
    int w = v + sink + cv;
    printf("%d %d\n", v, w);
    static volatile unsigned char flag = 1;
    while (flag) flag--;
    printf("%d\n", flag);
    return 0;
}
