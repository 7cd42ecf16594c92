/* float and double locals and parameters: arithmetic, conversions, negative zero,
   infinities, a struct of doubles passed in SSE registers, a float array. */
#include <stdio.h>

//! break: scaled avg_done pt_moved loop_body final
//! step: scale 6
//! next: main 12
//! finish: average
//! bt: deep_body
//! lldb

struct point { double x, y; };

static double scale(double v, float k)
{
    double r = v * k;
    float half = (float)r / 2;
    return r + half;                                //@ label: scaled
}

static double average(const float *vals, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += vals[i];                             //@ label: loop_body
    double avg = sum / n;
    return avg;                                     //@ label: avg_done
}

static struct point move(struct point p, double dx, double dy)
{
    p.x += dx;
    p.y -= dy;
    return p;                                       //@ label: pt_moved
}

static double deep(double a, int depth)
{
    if (depth == 0)
        return a * 0.5;                             //@ label: deep_body
    return deep(a + 1.25, depth - 1);
}

int main(void)
{
    float vals[4] = {1.5f, -2.25f, 3.0f, 0.125f};
    double d = scale(2.5, 0.75f);
    double avg = average(vals, 4);
    struct point p = {1.0, -1.0};
    struct point q = move(p, 0.5, 2.0);
    double nz = -0.0;
    double big = 1e300 * 1e10;
    long truncated = (long)(d * 100);
    unsigned char small = (unsigned char)(int)avg;
    float ratio = (float)q.x / 3.0f;
    double dd = deep(ratio, 3);
    printf("%g %g %g %g %g %g\n", d, avg, q.x, q.y, nz, big);
    printf("%ld %d %g %g\n", truncated, small, ratio, dd); //@ label: final
    return 0;
}
