// expect-error: 5: type
struct opaque;
int main(void)
{
    struct opaque o;
    return 0;
}
