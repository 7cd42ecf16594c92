/* Open-addressing hash table keyed by generated strings (FNV-1a hashing). */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#define SLOTS (1 << 18)
#define KEYS 150000

struct entry { char key[24]; unsigned int hash; int value; int used; };

static unsigned int fnv1a(const char *s)
{
    unsigned int h = 2166136261u;
    while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
    return h;
}

static void make_key(char *buf, int i)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    unsigned int x = (unsigned int)i * 2654435761u;
    int n = 6 + i % 10;
    for (int k = 0; k < n; k++) { buf[k] = alphabet[x % 36]; x = x / 36 + (unsigned int)k * 7919u; }
    buf[n] = 0;
}

static struct entry *lookup(struct entry *t, const char *key, unsigned int h)
{
    unsigned int i = h & (SLOTS - 1);
    while (t[i].used && (t[i].hash != h || strcmp(t[i].key, key) != 0))
        i = (i + 1) & (SLOTS - 1);
    return &t[i];
}

int main(void)
{
    struct entry *table = calloc(SLOTS, sizeof(struct entry));
    char key[24];
    int inserted = 0;
    for (int i = 0; i < KEYS; i++) {
        make_key(key, i);
        unsigned int h = fnv1a(key);
        struct entry *e = lookup(table, key, h);
        if (!e->used) { strcpy(e->key, key); e->hash = h; e->used = 1; inserted++; }
        e->value += i;
    }
    long total = 0;
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < KEYS; i += 3) {
            make_key(key, i);
            total += lookup(table, key, fnv1a(key))->value % 1000;
        }
    printf("inserted %d, total %ld\n", inserted, total);
    free(table);
    return 0;
}
