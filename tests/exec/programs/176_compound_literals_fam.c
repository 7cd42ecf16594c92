/* Compound literals (block scope: automatic, re-initialised on each
   evaluation; file scope: static), as lvalues, their address; flexible array
   members: sizeof, offsetof, malloc'd objects, static initialisation (GNU). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct P { int x, y; };
struct Fam { int n; short tag; int data[]; };
struct Str { size_t len; char text[]; };

static struct P *origin = &(struct P){ 0, -1 };
static int *table = (int[]){ 10, 20, 30 };
static struct Fam fixed = { 3, 7, { 1, 2, 3 } };

static int sum(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

static struct Fam *make(int n) {
    struct Fam *f = malloc(sizeof *f + n * sizeof f->data[0]);
    f->n = n;
    f->tag = (short)-n;
    for (int i = 0; i < n; i++) f->data[i] = i * i;
    return f;
}

int main(void) {
    struct P *p = &(struct P){ 1, 2 };
    p->x += 10;
    (struct P){ 5, 6 }.y = 9;
    printf("%d %d %d %d\n", p->x, p->y, origin->y, table[2]);
    printf("%d\n", sum((int[]){ 1, 2, 3, 4 }, 4));
    int total = 0;
    for (int i = 0; i < 3; i++) {
        int *q = (int[2]){ i, i * 2 };
        q[0] += 100; /* each evaluation starts from the initialiser again */
        total += q[0] + q[1];
    }
    printf("%d\n", total);
    struct P arr[] = { (struct P){ 7, 8 }, { .y = 3 } };
    printf("%d %d %d\n", arr[0].x, arr[0].y, arr[1].y);
    printf("%zu %zu %zu\n", sizeof(struct Fam), offsetof(struct Fam, data), sizeof(struct Str));
    struct Fam *f = make(5);
    printf("%d %d %d\n", f->n, f->tag, sum(f->data, f->n));
    free(f);
    printf("%d %d %d\n", fixed.n, fixed.tag, sum(fixed.data, fixed.n));
    struct Str *s = malloc(sizeof *s + 6);
    s->len = 5;
    for (int i = 0; i < 5; i++) s->text[i] = (char)('a' + i);
    s->text[5] = 0;
    printf("%zu %s\n", s->len, s->text);
    free(s);
    return 0;
}
