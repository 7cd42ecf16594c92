// expect-error: 6: break
int main(void)
{
    int x = 1;
    if (x)
        break;
    return 0;
}
