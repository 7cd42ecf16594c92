// expect-error: 4: initializer
int main(void)
{
    int a[3] = 7;
    return a[0];
}
