// expect-error: 2: flexible array member
struct F { int n; int data[]; int tail; };
