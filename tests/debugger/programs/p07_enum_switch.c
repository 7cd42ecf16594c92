/* Enums with explicit values, switch with fallthrough, sparse cases, default. */
#include <stdio.h>

//! break: classified counted last
//! globals: g_state g_counts
//! step: classify 10
//! next: run 14
//! finish: classify
//! bt: weight_body
//! lldb

enum color { RED = 1, GREEN = 2, BLUE = 4, BLACK = 0, WHITE = 7 };
enum state { IDLE, RUNNING, DONE = 10 };

enum state g_state = IDLE;
int g_counts[4];

static int weight(enum color c)
{
    int w = (int)c * 3;                            //@ label: weight_body
    return w;
}

static int classify(int code)
{
    int score = 0;
    switch (code) {
    case 1:
        score += 1;
        /* fall through */
    case 2:
        score += 2;
        break;
    case 100:
        score = weight(BLUE);
        break;
    case 1000:
    case 1001:
        score = -1;
        break;
    default:
        score = weight(WHITE) + code;
    }
    return score;                                  //@ label: classified
}

static int run(void)
{
    static const int codes[6] = {1, 2, 100, 1000, 1001, 5};
    int total = 0;
    int k;
    g_state = RUNNING;
    for (k = 0; k < 6; k++) {
        int got = classify(codes[k]);
        g_counts[k % 4] += got;
        total += got;
    }
    g_state = DONE;
    return total;                                  //@ label: counted
}

int main(void)
{
    enum color fav = GREEN;
    enum color other = (enum color)(fav | RED);
    int total = run();
    printf("%d %d %d %d %d\n", fav, other, total, g_state, g_counts[0]);  //@ label: last
    return 0;
}
