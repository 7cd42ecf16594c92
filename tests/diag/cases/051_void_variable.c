// expect-error: 4: type
int main(void)
{
    void v;
    return 0;
}
