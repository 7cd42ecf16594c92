/* Fixed-point (16.16) particle simulation with collisions against walls. */
#include <stdio.h>

#define COUNT 2000
#define STEPS 12000
#define ONE 65536

struct particle { int x, y, vx, vy; };

static struct particle p[COUNT];

static int fmul(int a, int b) { return (int)(((long)a * b) >> 16); }

int main(void)
{
    unsigned int s = 42;
    for (int i = 0; i < COUNT; i++) {
        s = s * 1664525u + 1013904223u; p[i].x = (int)(s >> 8) % (100 * ONE);
        s = s * 1664525u + 1013904223u; p[i].y = (int)(s >> 8) % (100 * ONE);
        s = s * 1664525u + 1013904223u; p[i].vx = (int)(s >> 16) % (2 * ONE) - ONE;
        s = s * 1664525u + 1013904223u; p[i].vy = (int)(s >> 16) % (2 * ONE) - ONE;
    }
    const int gravity = -ONE / 50, damping = ONE * 99 / 100;
    long bounces = 0;
    for (int t = 0; t < STEPS; t++)
        for (int i = 0; i < COUNT; i++) {
            struct particle *q = &p[i];
            q->vy += gravity;
            q->x += q->vx;
            q->y += q->vy;
            if (q->x < 0) { q->x = -q->x; q->vx = -fmul(q->vx, damping); bounces++; }
            if (q->x > 100 * ONE) { q->x = 200 * ONE - q->x; q->vx = -fmul(q->vx, damping); bounces++; }
            if (q->y < 0) { q->y = -q->y; q->vy = -fmul(q->vy, damping); bounces++; }
        }
    long cx = 0, cy = 0;
    for (int i = 0; i < COUNT; i++) { cx += p[i].x; cy += p[i].y; }
    printf("bounces %ld centre %ld %ld\n", bounces, cx / COUNT, cy / COUNT);
    return 0;
}
