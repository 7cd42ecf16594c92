/* Basic int arithmetic: + - * / % and precedence. */
#include <stdio.h>

static int apply(int a, int b, int op)
{
    switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a / b;
    default: return a % b;
    }
}

int main(void)
{
    int vals[] = { 0, 1, -1, 7, -7, 13, 100, -100, 12345, -9999 };
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int a = vals[i], b = vals[j];
            printf("%d %d: %d %d %d", a, b, apply(a, b, 0), apply(a, b, 1), apply(a, b, 2));
            if (b != 0)
                printf(" %d %d", apply(a, b, 3), apply(a, b, 4));
            printf("\n");
        }
    }
    int x = 2 + 3 * 4 - 10 / 3 % 2;
    int y = (2 + 3) * (4 - 10) / 3;
    int z = -x * -y + +x;
    printf("prec: %d %d %d\n", x, y, z);
    printf("unary: %d %d %d\n", -(-5), - -5, ~5);
    int acc = 1;
    for (int k = 1; k <= 12; k++)
        acc = acc * k;
    printf("12! = %d\n", acc);
    return 0;
}
