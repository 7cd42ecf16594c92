// LINK: -lm
/* Small numeric kernels with loops the optimiser works on: mandelbrot in ASCII,
   a 3-body n-body step, matrix multiply, Horner polynomial, float and double. */
#include <stdio.h>

static void mandel(void)
{
    for (int y = 0; y < 12; y++) {
        double ci = -1.2 + y * 0.2;
        for (int x = 0; x < 40; x++) {
            double cr = -2.1 + x * 0.07;
            double zr = 0, zi = 0;
            int it = 0;
            while (it < 60 && zr * zr + zi * zi <= 4.0) {
                double t = zr * zr - zi * zi + cr;
                zi = 2 * zr * zi + ci;
                zr = t;
                it++;
            }
            putchar(" .:-=+*#%@"[it % 10]);
        }
        putchar('\n');
    }
}

struct body { double x, y, z, vx, vy, vz, m; };

static void nbody(void)
{
    struct body b[3] = {{0, 0, 0, 0, 0, 0, 10}, {1, 0, 0, 0, 3, 0, 0.1}, {-2, 0.5, 0, 0, -2, 0.1, 0.2}};
    double dt = 0.001;
    for (int step = 0; step < 2000; step++) {
        for (int i = 0; i < 3; i++)
            for (int j = i + 1; j < 3; j++) {
                double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
                double d2 = dx * dx + dy * dy + dz * dz + 1e-9;
                double inv = 1.0 / (d2 * __builtin_sqrt(d2));
                b[i].vx -= dx * b[j].m * inv * dt; b[i].vy -= dy * b[j].m * inv * dt;
                b[i].vz -= dz * b[j].m * inv * dt;
                b[j].vx += dx * b[i].m * inv * dt; b[j].vy += dy * b[i].m * inv * dt;
                b[j].vz += dz * b[i].m * inv * dt;
            }
        for (int i = 0; i < 3; i++) {
            b[i].x += b[i].vx * dt; b[i].y += b[i].vy * dt; b[i].z += b[i].vz * dt;
        }
    }
    for (int i = 0; i < 3; i++)
        printf("%.9f %.9f %.9f\n", b[i].x, b[i].y, b[i].z);
}

static void matmul(void)
{
    float a[4][4], b[4][4], c[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            a[i][j] = (float)(i + 1) / (j + 2);
            b[i][j] = i == j ? 2.0f : 0.25f * (i - j);
        }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = 0;
            for (int k = 0; k < 4; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
    for (int i = 0; i < 4; i++)
        printf("%.7g %.7g %.7g %.7g\n", c[i][0], c[i][1], c[i][2], c[i][3]);
}

static double horner(const double *c, int n, double x)
{
    double r = 0;
    for (int i = n - 1; i >= 0; i--)
        r = r * x + c[i];
    return r;
}

int main(void)
{
    mandel();
    nbody();
    matmul();
    double coef[5] = {1, -0.5, 0.25, -0.125, 0.0625};
    for (double x = -1; x <= 1; x += 0.5)
        printf("%.12g ", horner(coef, 5, x));
    printf("\n");
    return 0;
}
