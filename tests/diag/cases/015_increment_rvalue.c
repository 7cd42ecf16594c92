// expect-error: 5: lvalue
int main(void)
{
    int a = 1, b = 2;
    (a + b)++;
    return a;
}
