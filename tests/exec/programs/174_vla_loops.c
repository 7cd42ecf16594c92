/* VLAs in loops: the stack space of each iteration's array is released when
   the block ends (also through break and continue), so a million iterations do
   not exhaust the stack; nested blocks with VLAs; goto out of a VLA block. */
#include <stdio.h>

static unsigned long work(int rounds) {
    unsigned long sum = 0;
    for (int r = 0; r < rounds; r++) {
        int len = r % 700 + 1;
        char buf[len];
        for (int i = 0; i < len; i++) buf[i] = (char)(i + r);
        if (r % 7 == 3) continue;
        {
            long inner[len % 5 + 1];
            for (int i = 0; i < len % 5 + 1; i++) inner[i] = buf[i] * 2;
            sum += (unsigned long)inner[len % 5];
            if (r == rounds - 1) break;
        }
        sum += (unsigned char)buf[len - 1];
    }
    return sum;
}

static int with_goto(int n) {
    int tries = 0;
again:
    tries++;
    {
        int v[n + tries];
        v[0] = tries;
        if (tries < 1000) goto again;
        return v[0] + (int)(sizeof v / sizeof v[0]);
    }
}

int main(void) {
    printf("%lu\n", work(300000));
    printf("%d\n", with_goto(3));
    int depth = 0;
    while (depth < 200000) {
        double_check:;
        int tmp[depth % 300 + 2];
        tmp[0] = depth;
        tmp[depth % 300 + 1] = -depth;
        if (tmp[0] + tmp[depth % 300 + 1] != 0) { printf("bad\n"); return 1; }
        depth++;
    }
    printf("%d\n", depth);
    return 0;
}
