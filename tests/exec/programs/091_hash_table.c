/* A chained hash table with string keys: insert, update, lookup, delete, resize and ordered dump.
 * Used for word frequencies of a fixed text. Mixes structs, pointers to pointers, malloc/free,
 * unsigned hashing, qsort with a comparator and string functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char *key;
    long value;
    struct entry *next;
};

struct table {
    struct entry **buckets;
    unsigned nbuckets;
    unsigned count;
    unsigned resizes;
};

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33u ^ (unsigned char)*s++;
    return h;
}

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    memcpy(d, s, n);
    return d;
}

static void table_init(struct table *t, unsigned n)
{
    t->buckets = calloc(n, sizeof *t->buckets);
    t->nbuckets = n;
    t->count = 0;
    t->resizes = 0;
}

static void table_resize(struct table *t, unsigned n)
{
    struct entry **old = t->buckets;
    unsigned oldn = t->nbuckets;
    t->buckets = calloc(n, sizeof *t->buckets);
    t->nbuckets = n;
    for (unsigned i = 0; i < oldn; i++) {
        struct entry *e = old[i];
        while (e) {
            struct entry *next = e->next;
            unsigned b = hash(e->key) % n;
            e->next = t->buckets[b];
            t->buckets[b] = e;
            e = next;
        }
    }
    free(old);
    t->resizes++;
}

static struct entry **find_slot(struct table *t, const char *key)
{
    struct entry **pp = &t->buckets[hash(key) % t->nbuckets];
    while (*pp && strcmp((*pp)->key, key) != 0)
        pp = &(*pp)->next;
    return pp;
}

static long *table_get(struct table *t, const char *key)
{
    struct entry *e = *find_slot(t, key);
    return e ? &e->value : NULL;
}

static void table_put(struct table *t, const char *key, long value)
{
    struct entry **pp = find_slot(t, key);
    if (*pp) {
        (*pp)->value = value;
        return;
    }
    struct entry *e = malloc(sizeof *e);
    e->key = dup(key);
    e->value = value;
    e->next = NULL;
    *pp = e;
    if (++t->count > t->nbuckets * 2)
        table_resize(t, t->nbuckets * 2 + 1);
}

static int table_delete(struct table *t, const char *key)
{
    struct entry **pp = find_slot(t, key);
    if (!*pp)
        return 0;
    struct entry *dead = *pp;
    *pp = dead->next;
    free(dead->key);
    free(dead);
    t->count--;
    return 1;
}

static void table_free(struct table *t)
{
    for (unsigned i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i];
        while (e) {
            struct entry *next = e->next;
            free(e->key);
            free(e);
            e = next;
        }
    }
    free(t->buckets);
}

static int by_count_then_key(const void *a, const void *b)
{
    const struct entry *x = *(const struct entry *const *)a;
    const struct entry *y = *(const struct entry *const *)b;
    if (x->value != y->value)
        return x->value < y->value ? 1 : -1;
    return strcmp(x->key, y->key);
}

static struct entry **sorted_entries(struct table *t)
{
    struct entry **v = malloc(t->count * sizeof *v);
    unsigned n = 0;
    for (unsigned i = 0; i < t->nbuckets; i++)
        for (struct entry *e = t->buckets[i]; e; e = e->next)
            v[n++] = e;
    qsort(v, n, sizeof *v, by_count_then_key);
    return v;
}

static const char text[] =
    "it was the best of times it was the worst of times it was the age of wisdom "
    "it was the age of foolishness it was the epoch of belief it was the epoch of "
    "incredulity it was the season of light it was the season of darkness it was "
    "the spring of hope it was the winter of despair we had everything before us "
    "we had nothing before us we were all going direct to heaven we were all going "
    "direct the other way";

static void count_words(struct table *t, const char *s)
{
    char word[32];
    while (*s) {
        while (*s == ' ')
            s++;
        int n = 0;
        while (*s && *s != ' ' && n < 31)
            word[n++] = *s++;
        word[n] = '\0';
        if (n == 0)
            continue;
        long *v = table_get(t, word);
        if (v)
            (*v)++;
        else
            table_put(t, word, 1);
    }
}

static unsigned longest_chain(const struct table *t)
{
    unsigned best = 0;
    for (unsigned i = 0; i < t->nbuckets; i++) {
        unsigned len = 0;
        for (const struct entry *e = t->buckets[i]; e; e = e->next)
            len++;
        if (len > best)
            best = len;
    }
    return best;
}

int main(void)
{
    struct table t;
    table_init(&t, 3);
    count_words(&t, text);
    printf("distinct %u buckets %u resizes %u\n", t.count, t.nbuckets, t.resizes);
    struct entry **v = sorted_entries(&t);
    for (unsigned i = 0; i < t.count; i++)
        printf("%2ld %s\n", v[i]->value, v[i]->key);
    free(v);
    printf("the=%ld was=%ld missing=%s\n", *table_get(&t, "the"), *table_get(&t, "was"),
           table_get(&t, "dickens") ? "present" : "absent");
    const char *drop[] = { "it", "was", "the", "of", "nonexistent" };
    for (int i = 0; i < 5; i++)
        printf("delete %s -> %d\n", drop[i], table_delete(&t, drop[i]));
    printf("after delete %u\n", t.count);
    char key[16];
    for (int i = 0; i < 200; i++) {
        snprintf(key, sizeof key, "k%03d", i);
        table_put(&t, key, (long)i * i);
    }
    for (int i = 0; i < 200; i += 2) {
        snprintf(key, sizeof key, "k%03d", i);
        table_delete(&t, key);
    }
    long sum = 0;
    for (int i = 0; i < 200; i++) {
        snprintf(key, sizeof key, "k%03d", i);
        long *p = table_get(&t, key);
        if (p)
            sum += *p;
    }
    printf("count %u buckets %u resizes %u sum %ld chain<=%d\n", t.count, t.nbuckets, t.resizes, sum,
           longest_chain(&t) <= 8);
    table_put(&t, "k001", -1);
    printf("%ld\n", *table_get(&t, "k001"));
    table_free(&t);
    return 0;
}
