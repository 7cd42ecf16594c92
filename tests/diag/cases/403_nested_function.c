// expect-error: 5: nested function definitions
// gcc-accepts
int outer(int x)
{
    int inner(int y) { return x + y; }
    return inner(1);
}
int main(void) { return outer(2) - 3; }
