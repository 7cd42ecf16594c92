// expect-error: 5: unsupported
// gcc-accepts
int main(void)
{
    float f = 1;
    return (int)f;
}
