int g;
void f1(int a) {
  int b = a;
  int c = (long)a * 2;
  b = c + 1;
  b += a;
  b++;
  g = b;
}
