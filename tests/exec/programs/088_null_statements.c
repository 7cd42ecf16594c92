/* Empty statements, empty loop bodies, labels before closing braces, empty blocks and unused values. */
#include <stdio.h>

int main(void)
{
    ;
    ;;
    int i;
    for (i = 0; i < 10; i++)
        ;
    printf("%d\n", i);
    int n = 0;
    while (n++ < 5) {}
    printf("%d\n", n);
    {
        {
            {}
        }
    }
    if (n) {} else {}
    const char *s = "skip spaces";
    while (*s && *s != ' ')
        s++;
    printf("%s\n", s);
    int k = 3;
    do ; while (--k);
    printf("%d\n", k);
    {
        goto end_of_block;
    end_of_block:;
    }
    (void)n;
    (void)0;
    n + 1;
    printf("done\n");
    return 0;
}
