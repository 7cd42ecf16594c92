// expect-error: 5: const
int main(void)
{
    const int limit = 10;
    limit = 20;
    return limit;
}
