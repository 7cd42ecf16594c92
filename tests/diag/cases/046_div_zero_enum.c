// expect-error: 2: division by zero
enum { A = 10, B = A % 0 };
int main(void) { return A; }
