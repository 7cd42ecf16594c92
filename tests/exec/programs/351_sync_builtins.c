// The legacy __sync_* builtins: full-barrier fetch-and-op / op-and-fetch (nand
// with gcc >= 4.4 semantics), value and bool compare-and-swap,
// lock_test_and_set / lock_release, synchronize, and the optional list of
// protected variables after the operands.
#include <stdio.h>

static unsigned char b8 = 0xf0;
static short h16 = 1000;
static int w32 = 123456;
static unsigned long q64 = 1ul << 40;
static char *cp = "abcdef";
static int lock_word;

int main(void) {
    unsigned b1 = __sync_fetch_and_add(&b8, 0x20);
    unsigned b2 = __sync_add_and_fetch(&b8, 1);
    unsigned b3 = __sync_fetch_and_nand(&b8, 0x0f);
    unsigned b4 = __sync_nand_and_fetch(&b8, 0x33);
    printf("%u %u %u %u %u\n", b1, b2, b3, b4, b8);
    int h1 = __sync_fetch_and_sub(&h16, 1001);
    int h2 = __sync_sub_and_fetch(&h16, 5);
    int h3 = __sync_or_and_fetch(&h16, 0x100);
    int h4 = __sync_fetch_and_xor(&h16, -1);
    int h5 = __sync_and_and_fetch(&h16, 0x7ff0);
    printf("%d %d %d %d %d %d\n", h1, h2, h3, h4, h5, h16);
    int v1 = __sync_val_compare_and_swap(&w32, 1, 2);
    int v2 = __sync_val_compare_and_swap(&w32, 123456, 7);
    printf("%d %d %d\n", v1, v2, w32);
    int k1 = __sync_bool_compare_and_swap(&w32, 6, 8);
    int k2 = __sync_bool_compare_and_swap(&w32, 7, 9);
    printf("%d %d %d\n", k1, k2, w32);
    unsigned long q1 = __sync_fetch_and_or(&q64, 3ul);
    unsigned long q2 = __sync_xor_and_fetch(&q64, 1ul << 40);
    printf("%lu %lu\n", q1, q2);
    int extra = 0;
    int w = __sync_fetch_and_add(&w32, 1, &extra, &h16); /* a protected-variable list */
    printf("%d %d\n", w, w32);
    /* pointers: byte arithmetic */
    char c1 = *__sync_fetch_and_add(&cp, 2);
    char c2 = *__sync_add_and_fetch(&cp, 1);
    printf("%c %c\n", c1, c2);
    /* a test-and-set spin lock, uncontended */
    for (int i = 0; i < 3; i++) {
        while (__sync_lock_test_and_set(&lock_word, 1))
            ;
        printf("locked %d ", lock_word);
        __sync_lock_release(&lock_word);
        printf("released %d\n", lock_word);
    }
    __sync_synchronize();
    return w32 % 100;
}
