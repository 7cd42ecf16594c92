// expect-error: 4: compatible with a previously specified type
int main(void)
{
    return _Generic(1, int: 1, int: 2, default: 0);
}
