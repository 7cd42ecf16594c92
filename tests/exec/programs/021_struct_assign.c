/* Struct assignment copies by value: later changes to the copy leave the original. */
#include <stdio.h>

struct small { char c; };
struct rec { int id; char name[12]; long values[4]; };

static void show(const char *tag, const struct rec *r)
{
    printf("%s: %d %s %ld %ld %ld %ld\n", tag, r->id, r->name, r->values[0], r->values[1], r->values[2], r->values[3]);
}

int main(void)
{
    struct rec a = { 1, "first", { 10, 20, 30, 40 } };
    struct rec b;
    b = a;
    b.id = 2;
    b.name[0] = 'F';
    b.values[3] = -1;
    show("a", &a);
    show("b", &b);
    struct rec c = b;
    c.values[0] = 999;
    show("c", &c);
    show("b", &b);
    struct rec arr[3];
    arr[0] = a;
    arr[1] = arr[0];
    arr[2] = c;
    arr[1].id = 77;
    for (int i = 0; i < 3; i++)
        show("arr", &arr[i]);
    struct small s1 = { 'q' }, s2;
    s2 = s1;
    s1.c = 'r';
    printf("%c %c\n", s1.c, s2.c);
    struct rec *pa = &a, *pb = &b;
    *pb = *pa;
    show("b2", &b);
    struct rec x, y, z;
    x = y = z = c;
    printf("%d %d %d\n", x.id, y.id, (int)z.values[0]);
    return 0;
}
