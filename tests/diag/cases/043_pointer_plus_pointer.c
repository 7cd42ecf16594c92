// expect-error: 6: pointer
int main(void)
{
    int a[4] = { 0 };
    int *p = a, *q = a + 1;
    int *r = p + q;
    return *r;
}
