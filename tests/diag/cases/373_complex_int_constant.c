// expect-error: 5: complex integer constants
// gcc-accepts
int main(void)
{
    double _Complex z = 3 + 2i;
    (void)z;
    return 0;
}
