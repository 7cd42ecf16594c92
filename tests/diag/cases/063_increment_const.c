// expect-error: 5: const
int main(void)
{
    const int n = 1;
    n++;
    return n;
}
