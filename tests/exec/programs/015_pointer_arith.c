/* Pointer arithmetic scales by the element size for each element type. */
#include <stdio.h>

struct rec { int id; char tag; long v; };

int main(void)
{
    int ia[8];
    for (int i = 0; i < 8; i++)
        ia[i] = i * i;
    int *ip = ia;
    printf("%d %d %d\n", *(ip + 3), *(3 + ip), ip[5]);
    ip += 6;
    printf("%d %d\n", *ip, ip[-2]);
    ip--;
    printf("%d\n", *ip);
    long la[4] = { 100, 200, 300, 400 };
    long *lp = &la[3];
    printf("%ld %ld\n", *lp, *(lp - 3));
    char s[] = "pointer";
    char *cp = s + 2;
    printf("%c %s\n", *cp, cp);
    struct rec recs[3] = { { 1, 'a', 10 }, { 2, 'b', 20 }, { 3, 'c', 30 } };
    struct rec *rp = recs;
    rp++;
    printf("%d %c %ld\n", rp->id, rp->tag, rp->v);
    printf("%d\n", (rp + 1)->id);
    short sa[5] = { 5, 4, 3, 2, 1 };
    short *sp = sa + 4;
    int sum = 0;
    while (sp >= sa + 1) {
        sum = sum * 10 + *sp;
        sp--;
    }
    sum = sum * 10 + *sp;
    printf("%d\n", sum);
    unsigned long long ua[3] = { 1, 2, 3 };
    unsigned long long *up = ua;
    printf("%llu\n", *++up);
    printf("%llu\n", *up++);
    printf("%llu\n", *up);
    int idx = -1;
    int *mid = &ia[4];
    printf("%d\n", mid[idx]);
    long off = 2;
    printf("%d\n", *(mid + off));
    return 0;
}
