// expect-error: 3: file scope
int n = 4;
int h[n];
