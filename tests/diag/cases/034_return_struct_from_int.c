// expect-error: 6: return
struct point { int x, y; };
int origin(void)
{
    struct point p = { 0, 0 };
    return p;
}
int main(void) { return origin(); }
