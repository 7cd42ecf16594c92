// expect-error: 3: unsupported
// gcc-accepts
static int truncate(double d)
{
    return (int)d;
}
int main(void) { return truncate(2); }
