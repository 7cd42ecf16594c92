// expect-error: 4:
int main(void)
{
    const char *s = "no closing quote;
    return 0;
}
