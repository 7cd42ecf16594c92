// expect-error: 5: not compatible with any generic association
int main(void)
{
    double d = 1.0;
    return _Generic(d, int: 1, long: 2);
}
