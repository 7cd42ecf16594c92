/* Empty asm statements (no bytes) share their address with the next row. */
int g, h;

__attribute__((noinline)) static void barrier_last(int a)
{
    g = a;
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void barrier_between(int a)
{
    g = a;
    __asm__ volatile("");
    h = a + 1;
}

int main(void)
{
    barrier_last(3);
    barrier_between(4);
    return g + h == 9 ? 0 : 1;
}
