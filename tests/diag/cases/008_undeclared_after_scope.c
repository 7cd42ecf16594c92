// expect-error: 8: undeclared
int main(void)
{
    {
        int inner = 5;
        (void)inner;
    }
    return inner;
}
