// At -O0 a jump that falls through but holds a line no neighbour holds becomes a
// `nop` with that line, as gcc -O0 keeps it (its goto_locus nop): the branch into a
// loop body that starts with a label (the front end gives that jump the label's
// line) and a `break;` that falls out of its switch. The loop's back jump to its
// condition shares the condition's line, and the label after `n++;` is reached by
// falling out of that statement: neither gets a nop. Optimised builds have none.
// RUN: %atomc -O0 -g -S %s -o - | filecheck %s
// RUN: %atomc -O2 -g -S %s -o - | filecheck %s --check-prefix=O2

int state;
int peek(int *c, int i);

int scan(void)
{
	int c, i = 0, n = 0;
	while (peek(&c, i)) {
	redo:
		switch (state) {
		case 0:
			n += c;
			state = 1;
			goto redo;
		case 1:
			state = 0;
			break;
		}
		n++;
	tail:
		i++;
		if (i == 100)
			goto tail;
	}
	return n;
}
// CHECK-LABEL: scan:
// CHECK:       .loc 1 17 2
// CHECK-NEXT:  nop
// CHECK-NEXT:  .LBB{{[0-9_]+}}:
// CHECK-NEXT:  .loc 1 18 11
// CHECK:       .loc 1 25 4
// CHECK-NEXT:  nop
// CHECK-NOT:   nop
// CHECK:       .cfi_endproc
// O2-LABEL:    scan:
// O2-NOT:      nop
// O2:          .cfi_endproc
