// expect-error: 5: implicitly auto and declared '__thread'
// A block-scope thread-local object must be static or extern.
int f(void)
{
    __thread int count = 0;
    return count;
}
