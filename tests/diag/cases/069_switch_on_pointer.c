// expect-error: 5: type
int main(void)
{
    char *p = 0;
    switch (p) {
    default:
        return 1;
    }
}
