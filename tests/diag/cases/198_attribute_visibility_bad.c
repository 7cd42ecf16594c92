// expect-error: 2: visibility
__attribute__((visibility("everywhere"))) int v = 1;
int main(void)
{
    return v;
}
