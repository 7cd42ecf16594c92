// expect-error: 2: '#pragma GCC optimize' string is badly formed
#pragma GCC optimize ("O0") junk
int main(void) { return 0; }
