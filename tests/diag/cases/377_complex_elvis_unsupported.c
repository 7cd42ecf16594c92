// expect-error: 5: omitted
// gcc-accepts
int main(void)
{
    double _Complex z = 1.0, w = z ?: 2.0;
    return (int)__real__ w;
}
