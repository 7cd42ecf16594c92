#include <stdio.h>

int main(void) {
  int sum = 0;
  for (int i = 0; i < 4; i++) {
    sum += i; //@ watch(i): 0 1 5
  }
  printf("%d\n", sum); //@ watch(sum): 7
  return 0;
}
