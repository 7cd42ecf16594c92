// expect-error: 5: label
int main(void)
{
again:;
again:;
    return 0;
}
