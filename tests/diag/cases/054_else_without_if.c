// expect-error: 6: expected
int main(void)
{
    int x = 1;
    x++;
    else x--;
    return x;
}
