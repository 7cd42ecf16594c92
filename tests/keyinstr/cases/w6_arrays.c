void q(int x) {
  int arr[3] = {x, 0, x};
  (void)arr;
}
