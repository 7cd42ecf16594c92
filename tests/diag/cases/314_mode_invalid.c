// expect-error: 2: machine mode
typedef int bad_t __attribute__((mode(XX)));
int main(void) { return 0; }
