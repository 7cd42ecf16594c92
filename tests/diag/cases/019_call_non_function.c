// expect-error: 5: not a function
int main(void)
{
    int x = 3;
    return x(2);
}
