// expect-error: 4:
int main(void)
{
    int x = 1 @ 2;
    return x;
}
