// expect-error: 1: empty
// gcc-accepts
