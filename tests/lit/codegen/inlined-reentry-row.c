// fill's loop is inlined twice in a row: the second copy begins with its loop
// header (line 14) right after the first copy's exit test (line 14). gdb notices
// an inlined call only at a new line, and from another inlined instance it does
// not check for one, so it never showed the second call. The second copy's
// entry gets a statement row of fill's opening line (13) and its own row, with
// is_stmt, on the next instruction.
// RUN: %atomc -c -O2 -g %s -o %t.o
// RUN: %dwarfdump --lines %t.o | filecheck %s

int printf(const char *, ...);
static int grid[4][5];
static void fill(int seed)
{
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++)
            grid[r][c] = (r * 7 + c * 3 + seed) % 11;
}
int main(void)
{
    fill(2);
    fill(5);
    printf("%d\n", grid[3][4]);
    return 0;
}
// CHECK:      inlined-reentry-row.c:14:23 is_stmt prologue_end
// CHECK:      inlined-reentry-row.c:13:0 is_stmt
// CHECK-NEXT: inlined-reentry-row.c:14:23 is_stmt
// CHECK-NOT:  :13:0
