int main(int argc, char **argv) {
  (void)argv;
  int r = 0;
  if (argc > 5)
    r = 1; //@ unreachable
  return r;
}
