// expect-error: 5: pointer
int main(void)
{
    double _Complex z = 1.0;
    int *p = (int *)z;
    return p != 0;
}
