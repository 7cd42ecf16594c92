int helper(int x) {
  int y = x * 10;
  return y + 1;
}
