// expect-error: 4: __builtin_complex
int main(void)
{
    double _Complex z = __builtin_complex(1.0f, 2.0);
    return (int)__real__ z;
}
