// switch: one `switch` instruction placed after the body is known (cases in
// source order, values as unsigned bit patterns of the promoted type), GNU
// case ranges expanded, break/goto as jumps; Key Instructions: the switch is
// rank 1 with the loaded value rank 2, each break/goto its own group.
// RUN: %atomc -S --emit-ir -g -gkey-instructions %s -o - | filecheck %s

int classify(signed char c)
{
    int r = 0;
    switch (c) {
    case -1:
        r = 1;
    case 1000:
        r += 2;
        break;
    case 'a' ... 'c':
        goto out;
    default:
        r = 9;
    }
out:
    return r;
}

// CHECK-LABEL: define @classify(
// the promoted (int) controlling value
// CHECK:      [[V:%[0-9]+]] = sext i8 {{%[0-9]+}} to i32  !loc(line: 10, {{.*}} atom: [[G:[0-9]+]] 2)
// CHECK-NEXT: switch i32 [[V]], default [[DEF:bb[0-9]+]], [4294967295: [[M1:bb[0-9]+]], 1000: [[K:bb[0-9]+]], 97: [[ABC:bb[0-9]+]], 98: [[ABC]], 99: [[ABC]]]  !loc(line: 10, {{.*}} atom: [[G]] 1)
// fallthrough from `case -1` into `case 1000` is a plain jump
// CHECK:      [[M1]]:
// CHECK:      store i32 1, {{.*}} !loc(line: 12,
// CHECK-NEXT: jump [[K]]{{$}}
// CHECK:      [[K]]:
// CHECK:      store {{.*}} !loc(line: 14,
// CHECK-NEXT: jump [[END:bb[0-9]+]]  !loc(line: 15, {{.*}} atom: {{[0-9]+}} 1)
// CHECK:      [[ABC]]:
// CHECK-NEXT: jump [[OUT:bb[0-9]+]]  !loc(line: 17, {{.*}} atom: {{[0-9]+}} 1)
// CHECK:      [[DEF]]:
// CHECK-NEXT: store i32 9, {{.*}} !loc(line: 19,
// CHECK:      [[OUT]]:
