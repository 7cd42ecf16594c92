/* Global aggregate initialisers: nested structs, arrays of structs, partial init, unions. */
#include <stdio.h>

struct point { int x, y; };
struct line { struct point a, b; const char *label; };
struct inv { char name[8]; int qty[3]; long price; };
union conv { int i; char c[4]; };

struct point origin;
struct point unit = { 1, 1 };
struct line diag = { { 0, 0 }, { 5, 5 }, "diag" };
struct line lines[] = {
    { { 1, 2 }, { 3, 4 }, "first" },
    { { -1, -2 }, { -3, -4 }, "second" },
    { { 9 } },
};
struct inv stock[3] = {
    { "bolts", { 10, 20, 30 }, 15 },
    { "nuts", { 5 }, 7 },
};
int matrix[3][4] = { { 1, 2, 3, 4 }, { 5, 6 }, { 9 } };
int flat[3][2] = { 1, 2, 3, 4, 5 };
union conv uc = { 0x41424344 };
char letters[2][3][4] = { { "ab", "cd", "ef" }, { "gh" } };
static long primes[10] = { 2, 3, 5, 7, 11, 13 };
const short shorts[] = { -1, -2, -3, 32767 };

int main(void)
{
    printf("%d %d %d %d\n", origin.x, origin.y, unit.x, unit.y);
    printf("%s %d %d\n", diag.label, diag.b.x, diag.b.y);
    int n = sizeof lines / sizeof lines[0];
    for (int i = 0; i < n; i++)
        printf("%d %d %d %d %s\n", lines[i].a.x, lines[i].a.y, lines[i].b.x, lines[i].b.y,
               lines[i].label ? lines[i].label : "(null)");
    for (int i = 0; i < 3; i++)
        printf("'%s' %d %d %d %ld\n", stock[i].name, stock[i].qty[0], stock[i].qty[1], stock[i].qty[2], stock[i].price);
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++)
            printf("%d ", matrix[i][j]);
        printf("\n");
    }
    for (int i = 0; i < 3; i++)
        printf("%d %d\n", flat[i][0], flat[i][1]);
    printf("%c%c%c%c\n", uc.c[0], uc.c[1], uc.c[2], uc.c[3]);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            printf("[%s]", letters[i][j]);
    printf("\n");
    long psum = 0;
    for (int i = 0; i < 10; i++)
        psum += primes[i];
    printf("%ld %d %d\n", psum, (int)(sizeof shorts / sizeof shorts[0]), shorts[3]);
    return 0;
}
