// expect-error: 5: subscript
int main(void)
{
    int n = 4;
    return n[1];
}
