// expect-error: 6: case
int main(void)
{
    int x = 1;
    if (x) {
    case 1:
        return 1;
    }
    return 0;
}
