// expect-error: 5: lvalue
int main(void)
{
    int a[2] = { 1, 2 }, b[2] = { 3, 4 };
    a = b;
    return a[0];
}
