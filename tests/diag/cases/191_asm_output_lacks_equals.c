// expect-error: 5: lacks '='
int main(void)
{
    int x = 1;
    __asm__("incl %0" : "r"(x));
    return x;
}
