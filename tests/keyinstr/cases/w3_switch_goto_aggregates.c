struct S { int x, y, z; };
struct S gs;
void h(int);
int f3(int a, struct S *p) {
  switch (a) {
  case 1:
    a = 5;
    break;
  case 2:
    goto out;
  default:
    h(a);
  }
  struct S s = *p;
  struct S z = {0};
  gs = s;
  int arr[4] = {1, 2, 3, 4};
  int t = a ? 3 : 4;
  int u = a && t;
out:
  return a + z.x + arr[1] + u;
}
