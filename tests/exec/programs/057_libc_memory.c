/* malloc/calloc/realloc/free with memcpy, memmove, memset and memcmp on dynamic buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec { long *data; size_t len, cap; };

static void vec_push(struct vec *v, long x)
{
    if (v->len == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 2;
        v->data = realloc(v->data, v->cap * sizeof *v->data);
    }
    v->data[v->len++] = x;
}

int main(void)
{
    struct vec v = { NULL, 0, 0 };
    for (long i = 0; i < 50; i++)
        vec_push(&v, i * i - 100);
    printf("len %zu cap %zu last %ld\n", v.len, v.cap, v.data[v.len - 1]);
    long sum = 0;
    for (size_t i = 0; i < v.len; i++)
        sum += v.data[i];
    printf("sum %ld\n", sum);
    free(v.data);
    int *zeros = calloc(10, sizeof(int));
    int nz = 0;
    for (int i = 0; i < 10; i++)
        nz += zeros[i] != 0;
    printf("nonzero %d\n", nz);
    free(zeros);
    char *buf = malloc(32);
    memset(buf, '-', 31);
    buf[31] = '\0';
    memcpy(buf + 5, "copied", 6);
    printf("%s\n", buf);
    memmove(buf + 8, buf + 5, 10);      /* overlapping */
    printf("%s\n", buf);
    memmove(buf, buf + 3, 10);
    printf("%s\n", buf);
    char x[4] = { 1, 2, 3, 4 }, y[4] = { 1, 2, 9, 4 };
    printf("%d %d %d\n", memcmp(x, y, 2) == 0, memcmp(x, y, 4) < 0, memcmp(y, x, 4) > 0);
    free(buf);
    int rows = 5, cols = 7;
    int **grid = malloc(rows * sizeof *grid);
    for (int r = 0; r < rows; r++) {
        grid[r] = malloc(cols * sizeof **grid);
        for (int c = 0; c < cols; c++)
            grid[r][c] = r * cols + c;
    }
    printf("%d %d\n", grid[4][6], grid[2][3]);
    for (int r = 0; r < rows; r++)
        free(grid[r]);
    free(grid);
    unsigned char *big = malloc(100000);
    for (int i = 0; i < 100000; i++)
        big[i] = (unsigned char)(i * 7);
    unsigned long cs = 0;
    for (int i = 0; i < 100000; i++)
        cs = cs * 31 + big[i];
    printf("checksum %lu\n", cs);
    free(big);
    return 0;
}
