// expect-error: 3:
int x;
/* this comment never ends
int y;
