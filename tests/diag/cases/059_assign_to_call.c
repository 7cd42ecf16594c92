// expect-error: 5: lvalue
static int seven(void) { return 7; }
int main(void)
{
    seven() = 3;
    return 0;
}
