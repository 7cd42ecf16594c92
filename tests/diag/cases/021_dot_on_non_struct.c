// expect-error: 5: member
int main(void)
{
    int n = 4;
    return n.x;
}
