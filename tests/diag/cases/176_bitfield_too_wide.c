// expect-error: 2: exceeds
struct W { int y : 40; };
