// expect-error: 9: label
static void helper(void)
{
target:;
}
int main(void)
{
    helper();
    goto target;
}
