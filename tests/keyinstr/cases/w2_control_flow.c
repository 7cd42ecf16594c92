int g;
int h(int);
int f2(int a) {
  if (a > 1)
    g = 1;
  while (a < 10)
    a++;
  for (int i = 0; i < a; i++) {
    if (i == 3)
      continue;
    if (i == 7)
      break;
    g += i;
  }
  do {
    a--;
  } while (a);
  if (a == 42)
    return h(a);
  return a + 1;
}
