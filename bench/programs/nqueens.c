/* Count N-queens solutions by backtracking with bit masks and with arrays. */
#include <stdio.h>

static int solve_bits(int n, int row, unsigned int cols, unsigned int d1, unsigned int d2)
{
    if (row == n) return 1;
    int count = 0;
    unsigned int free_ = ~(cols | d1 | d2) & ((1u << n) - 1);
    while (free_) {
        unsigned int bit = free_ & -free_;
        free_ ^= bit;
        count += solve_bits(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return count;
}

static int pos[16];

static int safe(int row, int col)
{
    for (int r = 0; r < row; r++) {
        int c = pos[r];
        if (c == col || c - col == r - row || c - col == row - r) return 0;
    }
    return 1;
}

static int solve_array(int n, int row)
{
    if (row == n) return 1;
    int count = 0;
    for (int c = 0; c < n; c++)
        if (safe(row, c)) { pos[row] = c; count += solve_array(n, row + 1); }
    return count;
}

int main(void)
{
    for (int n = 4; n <= 13; n++) printf("bits %d: %d\n", n, solve_bits(n, 0, 0, 0, 0));
    printf("array 10: %d\n", solve_array(10, 0));
    return 0;
}
