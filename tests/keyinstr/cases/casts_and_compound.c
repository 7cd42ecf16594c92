long gl;
unsigned char uc;
void k(int a, short s) {
  gl = a;
  uc = a + s;
  gl -= s * 3;
  gl <<= 2;
  --a;
  a--;
  s = (short)(a << 1);
}
