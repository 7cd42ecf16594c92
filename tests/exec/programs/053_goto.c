/* goto: forward jumps for cleanup, backward jumps forming loops, jumps out of nested loops. */
#include <stdio.h>

static int cleanup_demo(int fail_at)
{
    int stage = 0;
    printf("start %d\n", fail_at);
    if (fail_at == 1)
        goto fail1;
    stage = 1;
    if (fail_at == 2)
        goto fail2;
    stage = 2;
    printf("success stage %d\n", stage);
    return 0;
fail2:
    printf("undo stage 1\n");
fail1:
    printf("undo stage 0 (stage was %d)\n", stage);
    return -fail_at;
}

int main(void)
{
    int i = 0;
loop:
    printf("i=%d\n", i);
    i++;
    if (i < 4)
        goto loop;
    for (int a = 0; a < 10; a++)
        for (int b = 0; b < 10; b++)
            if (a * b == 42) {
                printf("found %d %d\n", a, b);
                goto done;
            }
done:
    for (int f = 0; f <= 2; f++)
        printf("ret %d\n", cleanup_demo(f));
    int n = 10, acc = 0;
top:
    if (n == 0)
        goto out;
    acc += n;
    n--;
    goto top;
out:
    printf("acc %d\n", acc);
    goto skip;
    printf("never\n");
skip:;
    int state = 0;
s0:
    state++;
    if (state < 3)
        goto s1;
    goto end;
s1:
    printf("s1 %d\n", state);
    goto s0;
end:
    printf("end %d\n", state);
    return 0;
}
