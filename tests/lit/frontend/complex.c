// _Complex in the IR: values live as two halves in memory (SROA makes them SSA
// values at -O2); a double complex travels as two f64 pieces. Multiplication
// calls libgcc's __muldc3 at -O0 and, optimised, computes ac - bd, ad + bc
// inline with the call only for an unordered (NaN) result, as gcc does;
// complex / real divides each half, real / complex calls __divdc3 with a +0.0
// imaginary part, and complex + real leaves the imaginary half untouched.
// RUN: %atomc -S --emit-ir -O0 %s -o - | filecheck %s --check-prefix=O0
// RUN: %atomc -S --emit-ir -O2 %s -o - | filecheck %s --check-prefix=O2

double _Complex mul(double _Complex a, double _Complex b) { return a * b; }
// O0-LABEL: define @mul(f64 %0, f64 %1, f64 %2, f64 %3) -> (f64, f64)
// O0:       call {f64, f64} ptr @__muldc3(f64 %{{[0-9]+}}, f64 %{{[0-9]+}}, f64 %{{[0-9]+}}, f64 %{{[0-9]+}})
// O2-LABEL: define @mul(f64 %0, f64 %1, f64 %2, f64 %3) -> (f64, f64)
// O2:         %4 = fmul f64 %0, f64 %2
// O2-NEXT:    %5 = fmul f64 %1, f64 %3
// O2-NEXT:    %6 = fsub f64 %4, f64 %5
// O2-NEXT:    %7 = fmul f64 %0, f64 %3
// O2-NEXT:    %8 = fmul f64 %1, f64 %2
// O2-NEXT:    %9 = fadd f64 %7, f64 %8
// O2-NEXT:    %10 = fcmp uno f64 %6, f64 %9
// O2-NEXT:    branch i1 %10, bb1, bb2(f64 %6, f64 %9)
// O2-NEXT:  bb1:
// O2-NEXT:    %11 = call {f64, f64} ptr @__muldc3(f64 %0, f64 %1, f64 %2, f64 %3)
// O2:       bb2(f64 %14, f64 %15):
// O2-NEXT:    ret f64 %14, f64 %15

double _Complex dv(double _Complex a, double b) { return a / b; }
// O2-LABEL: define @dv(
// O2:         %3 = fdiv f64 %0, f64 %2
// O2-NEXT:    %4 = fdiv f64 %1, f64 %2
// O2-NEXT:    ret f64 %3, f64 %4

double _Complex rdv(double a, double _Complex b) { return a / b; }
// O2-LABEL: define @rdv(
// O2:         call {f64, f64} ptr @__divdc3(f64 %0, f64 0.0, f64 %1, f64 %2)

double _Complex add(double _Complex a, double b) { return a + b; }
// O2-LABEL: define @add(
// O2:         %3 = fadd f64 %0, f64 %2
// O2-NEXT:    ret f64 %3, f64 %1
