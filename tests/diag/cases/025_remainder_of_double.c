// expect-error: 4: invalid operands
static int rem(double d)
{
    return d % 2;
}
int main(void) { return rem(2); }
