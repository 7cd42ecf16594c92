#include <stdio.h>

int shared_counter;
int bump_shared(void);

int main(void)
{
    shared_counter = 10;
    int r = bump_shared();
    printf("%d %d\n", r, shared_counter);
    return 0;
}
