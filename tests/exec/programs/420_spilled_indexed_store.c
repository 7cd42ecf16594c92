/* A store of a value to `base[index]` where the value, the base and the index are
   all spilled (many values live across the comparison calls of an inlined binary
   search): -O2's allocator has two scratch registers for three operands and
   computes the address first (it stopped with an internal error). The shape of
   fribidi's Arabic ligature pass (lib/fribidi-arabic.c). */
#include <stdio.h>

typedef struct { unsigned pair[2]; unsigned to; } PairMap;

static const PairMap table[] = {
  {{0x41, 0x42}, 0x100}, {{0x43, 0x44}, 0x101}, {{0x45, 0x46}, 0x102},
  {{0x47, 0x41}, 0x103}, {{0x48, 0x49}, 0x104},
};

static int cmp(const void *a, const void *b) {
  const PairMap *x = a, *y = b;
  if (x->pair[0] != y->pair[0]) return x->pair[0] < y->pair[0] ? -1 : 1;
  return x->pair[1] < y->pair[1] ? -1 : x->pair[1] > y->pair[1];
}

static void *search(const void *key, const void *base, unsigned nmemb, unsigned size,
                    int (*compar)(const void *, const void *)) {
  int min = 0, max = (int)nmemb - 1;
  while (min <= max) {
    int mid = ((unsigned)min + (unsigned)max) / 2;
    const void *p = (const char *)base + mid * size;
    int c = compar(key, p);
    if (c < 0)
      max = mid - 1;
    else if (c > 0)
      min = mid + 1;
    else
      return (void *)p;
  }
  return 0;
}

static unsigned find(const PairMap *t, int size, unsigned first, unsigned second) {
  PairMap x = {{first, second}, 0};
  const PairMap *m = search(&x, t, size, sizeof t[0], cmp);
  return m ? m->to : 0;
}

__attribute__((noinline)) static void
ligature(const PairMap *t, int size, const unsigned char *levels, const int len,
         unsigned char *props, unsigned *str) {
  for (int i = 0; i < len - 1; i++) {
    unsigned c;
    if ((levels[i] & 1) && levels[i] == levels[i + 1] &&
        (c = (str[i] < t[0].pair[0] || str[i] > t[size - 1].pair[0]) ? 0
             : find(t, size, str[i], str[i + 1]))) {
      str[i] = 0xFEFF;
      props[i] |= 0x20;
      str[i + 1] = c;
    }
  }
}

int main(void) {
  unsigned str[] = {0x41, 0x42, 0x30, 0x43, 0x44, 0x47, 0x41, 0x48, 0x49, 0x45, 0x46, 0x45};
  unsigned char levels[] = {1, 1, 1, 1, 1, 2, 2, 3, 3, 1, 1, 1};
  unsigned char props[12] = {0};
  int n = (int)(sizeof str / sizeof str[0]);
  ligature(table, (int)(sizeof table / sizeof table[0]), levels, n, props, str);
  for (int i = 0; i < n; i++)
    printf("%d: %#x %#x\n", i, str[i], props[i]);
  return 0;
}
