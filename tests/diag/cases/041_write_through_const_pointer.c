// expect-error: 6: const
int main(void)
{
    int value = 1;
    const int *p = &value;
    *p = 2;
    return value;
}
