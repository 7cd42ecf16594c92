/* libc qsort and bsearch with comparators on ints, strings and structs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item { const char *name; int weight; };

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_item(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight - y->weight;
    return strcmp(x->name, y->name);
}

int main(void)
{
    int v[15];
    unsigned seed = 7;
    for (int i = 0; i < 15; i++) {
        seed = seed * 1664525u + 1013904223u;
        v[i] = (int)(seed >> 20) % 1000 - 500;
    }
    qsort(v, 15, sizeof v[0], cmp_int);
    for (int i = 0; i < 15; i++)
        printf("%d ", v[i]);
    printf("\n");
    for (int i = 0; i < 15; i += 4) {
        int key = v[i];
        int *hit = bsearch(&key, v, 15, sizeof v[0], cmp_int);
        printf("find %d -> index %ld\n", key, hit ? (long)(hit - v) : -1L);
    }
    int missing = 100000;
    printf("%s\n", bsearch(&missing, v, 15, sizeof v[0], cmp_int) ? "hit" : "miss");
    qsort(v, 15, sizeof v[0], cmp_int_desc);
    printf("%d %d\n", v[0], v[14]);
    const char *words[] = { "pear", "apple", "fig", "banana", "cherry", "date", "apricot" };
    qsort(words, 7, sizeof words[0], cmp_str);
    for (int i = 0; i < 7; i++)
        printf("%s ", words[i]);
    printf("\n");
    const char *want = "date";
    const char **w = bsearch(&want, words, 7, sizeof words[0], cmp_str);
    printf("%s at %ld\n", *w, (long)(w - words));
    struct item items[] = { { "hammer", 5 }, { "nail", 1 }, { "saw", 5 }, { "drill", 3 }, { "awl", 1 } };
    qsort(items, 5, sizeof items[0], cmp_item);
    for (int i = 0; i < 5; i++)
        printf("%s:%d ", items[i].name, items[i].weight);
    printf("\n");
    return 0;
}
