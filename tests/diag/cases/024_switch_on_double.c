// expect-error: 4: integer type
int main(void)
{
    switch (1.5) {
    default:
        return 0;
    }
}
