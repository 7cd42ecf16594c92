// expect-error: 5: undeclared
int main(void)
{
    int a = 1;
    return a + missing;
}
