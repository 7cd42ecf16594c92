// expect-error: 4:
int main(void)
{
    widget w;
    return 0;
}
