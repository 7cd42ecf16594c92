int main(void) {
  long acc = 0;
  for (long i = 0; i < 100000000; i++)
    acc += i & 7;
  return (int)(acc & 1);
}
