// expect-error: 4: initializer
int main(void)
{
    int a[4] = "abc";
    return a[0];
}
