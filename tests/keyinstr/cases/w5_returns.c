int g;
void r1(void) {
  g = 1;
  return;
}
int r3(int a) {
  int s = 0;
  s = a;
  return s;
}
int f5(int a) {
  return a * 2;
}
