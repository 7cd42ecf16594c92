// expect-error: 7: continue
int main(void)
{
    int x = 1;
    switch (x) {
    case 1:
        continue;
    }
    return 0;
}
