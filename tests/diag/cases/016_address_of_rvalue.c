// expect-error: 5: lvalue
int main(void)
{
    int a = 1;
    int *p = &(a + 1);
    return *p;
}
