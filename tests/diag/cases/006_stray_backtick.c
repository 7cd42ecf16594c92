// expect-error: 4:
int main(void)
{
    int x = `3`;
    return x;
}
