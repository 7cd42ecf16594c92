/* Assignments right before a `break;` that mem2reg turns into copies into the
 * switch's join: the copy keeps the assignment's line and the jump the break's,
 * so `step` stops on both, as at -O0 (opt/mem2reg.py _edge_assignments). */
#include <stdio.h>

static int weight(int c)
{
    return c * 3;
}

static int classify(int code)
{
    int score = 0;
    switch (code) {
    case 1:
        score = 5;
        break;
    case 100:
        score = weight(4);
        break;
    case 1000:
    case 1001:
        score = -1;
        break;
    default:
        score = code + 7;
    }
    return score;
}

int main(void)
{
    static const int codes[] = {1, 100, 1001, 9};
    int total = 0;
    for (int k = 0; k < 4; k++)
        total += classify(codes[k]);
    printf("%d\n", total);
    return 0;
}
