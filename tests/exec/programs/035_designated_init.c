/* C99 designated initialisers for arrays, structs, nested members and unions; locals and globals. */
#include <stdio.h>

struct cfg { int width, height; const char *title; int flags[4]; struct { int r, g, b; } color; };
union u { int i; long l; char c[8]; };

static const char *names[8] = { [3] = "three", [0] = "zero", [7] = "seven", [5] = "five" };
static int sparse[20] = { [2] = 2, [10] = 10, 11, 12, [19] = 19 };
static struct cfg global_cfg = { .title = "global", .height = 480, .color = { .g = 255 }, .flags[2] = 1 };
static struct cfg arr[] = { [1] = { .width = 11 }, [0].title = "first", [0].height = 2 };
static union u gu = { .l = 1234567890123L };
static int grid[3][3] = { [1][1] = 5, [2] = { 7, 8, 9 }, [0][2] = 3 };

static void show(const struct cfg *c)
{
    printf("%d %d %s [%d %d %d %d] (%d,%d,%d)\n", c->width, c->height, c->title ? c->title : "-",
           c->flags[0], c->flags[1], c->flags[2], c->flags[3], c->color.r, c->color.g, c->color.b);
}

int main(void)
{
    for (int i = 0; i < 8; i++)
        printf("%d:%s ", i, names[i] ? names[i] : "-");
    printf("\n");
    for (int i = 0; i < 20; i++)
        printf("%d ", sparse[i]);
    printf("\n");
    show(&global_cfg);
    show(&arr[0]);
    show(&arr[1]);
    printf("%d\n", (int)(sizeof arr / sizeof arr[0]));
    printf("%ld\n", gu.l);
    for (int i = 0; i < 3; i++)
        printf("%d %d %d\n", grid[i][0], grid[i][1], grid[i][2]);
    struct cfg local = { .width = 640, .title = "local", .flags = { [3] = 9, [1] = 4 }, .color.b = 7 };
    show(&local);
    int lv[6] = { [4] = 4, [1] = 1, 2 };
    for (int i = 0; i < 6; i++)
        printf("%d", lv[i]);
    printf("\n");
    union u lu = { .c = { 'h', 'i' } };
    printf("%s\n", lu.c);
    struct { int a, b, c; } ov = { .c = 3, .a = 1, .b = 2, .a = 10 };
    printf("%d %d %d\n", ov.a, ov.b, ov.c);
    return 0;
}
