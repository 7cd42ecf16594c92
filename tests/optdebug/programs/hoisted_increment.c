/* A loop's pointer increment that the scheduler hoists into the middle of an
 * inlined call's code (p04_arrays' row_sum): it takes the callee's location,
 * so the inlined instance keeps one address range per iteration. */
#include <stdio.h>

static int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};

static int cell(int r, int c)
{
    return grid[r][c] * 10;
}

static int row_sum(int row)
{
    int total = 0;
    for (int c = 0; c < 4; c++)
        total += cell(row, c);
    return total;
}

int main(void)
{
    long sums[3];
    for (int r = 0; r < 3; r++)
        sums[r] = row_sum(r);
    printf("%ld %ld %ld\n", sums[0], sums[1], sums[2]);
    return 0;
}
