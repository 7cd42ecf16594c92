/* Block scope and shadowing: inner declarations hide outer ones until the block ends. */
#include <stdio.h>

int x = 1;                        /* file scope */
static int shadow_me = 10;

static int get_global_x(void) { return x; }

int main(void)
{
    printf("global x %d\n", x);
    int x = 2;                    /* hides the global */
    printf("local x %d global via fn %d\n", x, get_global_x());
    {
        int x = 3;
        printf("block x %d\n", x);
        {
            extern int x;         /* refers to the file-scope x again */
            printf("extern x %d\n", x);
            x = 100;
        }
        {
            int x = 4;
            x++;
            printf("inner block x %d\n", x);
        }
        printf("block x %d\n", x);
    }
    printf("local x %d global %d\n", x, get_global_x());
    for (int x = 0; x < 2; x++) {
        int y = x * 10;
        {
            int y = x * 100;
            printf("loop %d inner y %d\n", x, y);
        }
        printf("loop %d outer y %d\n", x, y);
    }
    printf("file static %d\n", shadow_me);
    int shadow_me = 20;
    printf("local %d\n", shadow_me);
    int v = 5;
    {
        int v = 6;
        v *= 7;
        printf("%d\n", v);
    }
    printf("%d\n", v);
    struct s { int a; } s = { 7 };
    {
        struct s { long b; } s = { 8 };
        printf("inner struct %ld %d\n", s.b, (int)sizeof s);
    }
    printf("outer struct %d %d\n", s.a, (int)sizeof s);
    return 0;
}
