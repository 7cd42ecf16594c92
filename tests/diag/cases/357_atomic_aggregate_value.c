// The value operand of a value-form atomic is converted to the object's type.
struct pair { int a, b; } pr;
int x;

int add(void) {
    return __atomic_fetch_add(&x, pr, __ATOMIC_SEQ_CST);
}
// expect-error: 6: aggregate value used where an integer was expected
