/* One- and two-dimensional arrays, local and global, passed by pointer. */
#include <stdio.h>

//! break: row_done filled report
//! globals: g_grid g_hist
//! step: row_sum 10
//! next: fill 12
//! finish: row_sum
//! bt: cell

int g_grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
short g_hist[5];

static int cell_value(int r, int c)
{
    return g_grid[r][c] * 10;                      //@ label: cell
}

static int row_sum(int row)
{
    int total = 0;
    int c;
    for (c = 0; c < 4; c++)
        total += cell_value(row, c);
    return total;                                  //@ label: row_done
}

static void fill(int *out, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        out[i] = i * i;
        g_hist[i % 5]++;
    }
}

int main(void)
{
    int squares[8] = {0};
    long sums[3] = {0, 0, 0};
    char tags[4] = {'a', 'b', 'c', 'd'};
    int r;
    fill(squares, 8);
    for (r = 0; r < 3; r++)                       //@ label: filled
        sums[r] = row_sum(r);
    tags[2] = 'z';
    printf("%ld %ld %ld %d %c\n", sums[0], sums[1], sums[2], squares[7], tags[2]);  //@ label: report
    printf("%d %d\n", g_hist[0], g_hist[4]);
    return 0;
}
