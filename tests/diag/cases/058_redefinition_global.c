// expect-error: 3: redefinition
int total = 1;
int total = 2;
int main(void) { return total; }
