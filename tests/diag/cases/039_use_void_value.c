// expect-error: 5: void
static void nothing(void) { }
int main(void)
{
    int x = nothing();
    return x;
}
