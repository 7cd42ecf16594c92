int main(int argc, char **argv) {
  (void)argv;
  int r = 0; //@ unreachable
  if (argc > 5)
    r = 1;
  return r;
}
