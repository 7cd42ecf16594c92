// expect-error: 5: expected
int main(void)
{
    int x = 1;
    if (x > 0 {
        return 1;
    }
    return 0;
}
