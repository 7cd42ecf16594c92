// expect-error: 5: void
static void nothing(void) { }
int main(void)
{
    return nothing() + 1;
}
