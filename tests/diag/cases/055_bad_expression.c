// expect-error: 5: expected
int main(void)
{
    int x;
    x = 3 * ;
    return x;
}
