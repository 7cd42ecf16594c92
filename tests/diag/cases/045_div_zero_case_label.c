// expect-error: 6: division by zero
int main(void)
{
    int x = 1;
    switch (x) {
    case 1 / 0:
        return 1;
    }
    return 0;
}
