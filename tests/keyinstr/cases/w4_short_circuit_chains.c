int g, h2;
int h(int);
void v(int a) {
  if (a && h(a))
    g = 1;
  g = h2 = a;
  g = h(a);
  h(a);
  if (a > 3)
    return;
  for (;;) {
    if (g++ > 10)
      break;
  }
}
