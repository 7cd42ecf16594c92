// expect-error: 4: label
int main(void)
{
    goto nowhere;
    return 0;
}
