// expect-error: 5: expected
int main(void)
{
    int x = 1
    return x;
}
