/* Overflows that _FORTIFY_SOURCE catches at run time (the sizes are not constants, so
   no build can reject them): each mode is selected by the first argument. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rec { int id; char name[8]; int after; };

int main(int argc, char **argv)
{
    char buf[8];
    struct rec r = { 1, "", 2 };
    size_t n = strlen(argv[0]) + 16;
    int mode = argc > 1 ? atoi(argv[1]) : 0;
    switch (mode) {
    case 1: strcpy(buf, argc > 5 ? "short" : "this string is far too long"); break;
    case 2: memcpy(buf, argv[0], n); break;
    case 3: snprintf(buf, n, "%s", argv[0]); break;
    case 4: memset(r.name, 'x', n); break;       /* a member: its own size (level 2) */
    case 5: (void)read(0, buf, n); break;
    case 6: sprintf(buf, "%s%s", argv[0], argv[0]); break;
    default: strcpy(buf, "fits"); break;
    }
    printf("%s %d %d\n", buf, r.id, r.after);
    return 0;
}
