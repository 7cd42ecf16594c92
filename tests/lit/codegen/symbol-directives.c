// Attributes that become assembler directives: a section for a function
// ("ax") and for data ("aw", read-only "a"), .weak for weak definitions and
// for a weak undefined reference, .hidden/.protected for visibility, and
// .init_array/.fini_array entries for constructors and destructors.
// RUN: %atomc -S -O2 %s -o - | filecheck %s

__attribute__((section(".text.hot_path"))) int in_text(void) { return 1; }
__attribute__((section(".data.mine"))) int in_data = 5;
__attribute__((section(".rodata.mine"))) const int in_rodata = 6;
__attribute__((weak)) int weak_def(void) { return 2; }
__attribute__((weak)) int weak_data = 3;
extern int weak_ref(void) __attribute__((weak));
__attribute__((visibility("hidden"))) int hidden_data = 4;
__attribute__((visibility("protected"))) int protected_fn(void) { return 5; }
__attribute__((constructor)) static void init(void) {}
__attribute__((destructor)) static void fini(void) {}
__attribute__((used)) static int kept(void) { return 6; }

int main(void) { return weak_ref ? weak_ref() : in_data; }

// CHECK:      .section .text.hot_path,"ax",@progbits
// CHECK-NEXT: .globl in_text
// CHECK:      .weak weak_def
// CHECK-NOT:  .globl weak_def
// CHECK:      .globl protected_fn
// CHECK-NEXT: .protected protected_fn
// CHECK:      kept:
// CHECK:      .section .data.mine,"aw",@progbits
// CHECK:      in_data:
// CHECK:      .section .rodata.mine,"a",@progbits
// CHECK:      in_rodata:
// CHECK:      .weak weak_data
// CHECK:      .globl hidden_data
// CHECK-NEXT: .hidden hidden_data
// CHECK:      .section .init_array,"aw"
// CHECK-NEXT: .p2align 3
// CHECK-NEXT: .quad init
// CHECK:      .section .fini_array,"aw"
// CHECK-NEXT: .p2align 3
// CHECK-NEXT: .quad fini
// CHECK:      .weak weak_ref
