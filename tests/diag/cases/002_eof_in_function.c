// expect-error: 4: expected
int main(void)
{
    return 0;
