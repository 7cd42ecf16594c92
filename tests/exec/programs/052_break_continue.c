/* break and continue in every loop kind, in nested loops, and break out of switch inside a loop. */
#include <stdio.h>

int main(void)
{
    for (int i = 0; i < 10; i++) {
        if (i == 2 || i == 5)
            continue;
        if (i == 8)
            break;
        printf("%d ", i);
    }
    printf("\n");
    int k = 0;
    while (1) {
        k++;
        if (k % 2)
            continue;
        if (k > 10)
            break;
        printf("%d ", k);
    }
    printf("\n");
    int d = 0;
    do {
        d++;
        if (d == 3)
            continue;       /* jumps to the condition */
        printf("%d ", d);
    } while (d < 6);
    printf("\n");
    int found = -1;
    for (int r = 0; r < 5 && found < 0; r++) {
        for (int c = 0; c < 5; c++) {
            if (r * c == 6) {
                found = r * 10 + c;
                break;      /* only the inner loop */
            }
        }
    }
    printf("found %d\n", found);
    int primes = 0;
    for (int n = 2; n < 60; n++) {
        int is_prime = 1;
        for (int f = 2; f * f <= n; f++) {
            if (n % f == 0) {
                is_prime = 0;
                break;
            }
        }
        if (!is_prime)
            continue;
        primes++;
        printf("%d ", n);
    }
    printf("\ncount %d\n", primes);
    for (int i = 0; i < 6; i++) {
        switch (i) {
        case 1:
            continue;
        case 4:
            break;
        default:
            printf("sw%d ", i);
            break;
        }
        printf("after%d ", i);
    }
    printf("\n");
    return 0;
}
