int main(void) {
  int n = 3;
  while (n > 0) //@ label: loop
    n--;
  //@ watch(n) at lop: 3 2 1 0
  return n;
}
