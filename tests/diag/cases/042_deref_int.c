// expect-error: 5: pointer
int main(void)
{
    int n = 4;
    return *n;
}
