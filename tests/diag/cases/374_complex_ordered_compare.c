// expect-error: 6: invalid operands
int main(void)
{
    double _Complex a = 1.0, b = 2.0;
    int r;
    r = a < b;
    return r;
}
