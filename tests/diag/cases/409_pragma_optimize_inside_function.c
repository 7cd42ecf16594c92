// expect-error: 4: '#pragma GCC optimize' is not allowed inside functions
int main(void)
{
#pragma GCC optimize ("O0")
    return 0;
}
