/* Copies its argument into a 16-byte buffer: a long one overwrites the canary. */
#include <stdio.h>
#include <string.h>

static int copy_arg(const char *s)
{
    char buf[16];
    strcpy(buf, s);
    return (int)strlen(buf);
}

int main(int argc, char **argv)
{
    printf("len=%d\n", copy_arg(argc > 1 ? argv[1] : "short"));
    return 0;
}
