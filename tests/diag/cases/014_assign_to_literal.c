// expect-error: 5: lvalue
int main(void)
{
    int x = 0;
    5 = x;
    return x;
}
