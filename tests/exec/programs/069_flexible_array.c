/* C99 flexible array members in heap-allocated structs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf { size_t len; char data[]; };
struct ints { int count; long total; int items[]; };

static struct buf *make_buf(const char *s)
{
    size_t n = strlen(s);
    struct buf *b = malloc(sizeof *b + n + 1);
    b->len = n;
    memcpy(b->data, s, n + 1);
    return b;
}

static struct ints *make_ints(int count)
{
    struct ints *v = malloc(sizeof *v + count * sizeof v->items[0]);
    v->count = count;
    v->total = 0;
    for (int i = 0; i < count; i++) {
        v->items[i] = (i * 13) % 17;
        v->total += v->items[i];
    }
    return v;
}

int main(void)
{
    struct buf *b = make_buf("flexible array member");
    printf("%zu %s %c\n", b->len, b->data, b->data[b->len - 1]);
    printf("%d\n", (int)sizeof(struct buf));
    free(b);
    struct ints *v = make_ints(20);
    printf("%d %ld\n", v->count, v->total);
    for (int i = 0; i < v->count; i++)
        printf("%d ", v->items[i]);
    printf("\n%d\n", (int)sizeof(struct ints));
    free(v);
    return 0;
}
