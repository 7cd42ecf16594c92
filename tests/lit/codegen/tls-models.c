// Thread-local access models, as gcc-12 picks and spells them: in an executable
// (PIE or -fno-pic) its own variables are local exec (%fs:x@tpoff) and extern ones
// initial exec (offset from the GOT, %fs:(%reg)); in -fPIC code general dynamic
// (the padded __tls_get_addr sequence the linker can relax), except static
// variables when optimising, which are local dynamic (one call for the module's
// block, then x@dtpoff). -ftls-model= raises every variable to at least that
// model; tls_model() sets one. Variables live in .tdata/.tbss as TLS objects;
// their DWARF location is DW_OP_const8u x@dtpoff, DW_OP_form_tls_address.
// RUN: %atomc -S -O1 %s -o - | filecheck %s --check-prefix=EXE
// RUN: %atomc -S -O1 -fPIC %s -o - | filecheck %s --check-prefix=PIC
// RUN: %atomc -S -O0 -fPIC %s -o - | filecheck %s --check-prefix=PIC0
// RUN: %atomc -S -O1 -fPIC -ftls-model=initial-exec %s -o - | filecheck %s --check-prefix=IE
// RUN: %atomc -S -g -O1 %s -o - | filecheck %s --check-prefix=DWARF

__thread int own = 3;
extern __thread int other;
static __thread int mine;
__thread int forced __attribute__((tls_model("initial-exec")));

int read_all(void) { return own + other + mine + forced; }
int *address(void) { return &own; }

// EXE-LABEL: read_all:
// EXE:       movl %fs:own@tpoff, %[[A:e[a-z0-9]+]]
// EXE:       movq other@gottpoff(%rip), %[[O:r[a-z0-9]+]]
// EXE-NEXT:  movl %fs:(%[[O]]), %{{e[a-z0-9]+}}
// EXE:       movl %fs:mine@tpoff, %{{e[a-z0-9]+}}
// EXE:       movq forced@gottpoff(%rip)
// EXE-LABEL: address:
// EXE:       movq %fs:0, %[[TP:r[a-z0-9]+]]
// EXE-NEXT:  leaq own@tpoff(%[[TP]]), %{{r[a-z0-9]+}}
// EXE:       .section .tdata,"awT",@progbits
// EXE-NEXT:  .type own,@tls_object
// EXE:       .section .tbss,"awT",@nobits
// EXE-NEXT:  .type mine,@tls_object

// PIC-LABEL: read_all:
// PIC:       data16 leaq own@tlsgd(%rip), %rdi
// PIC-NEXT:  .value 0x6666
// PIC-NEXT:  rex64
// PIC-NEXT:  call __tls_get_addr@PLT
// PIC:       data16 leaq other@tlsgd(%rip), %rdi
// PIC:       leaq mine@tlsld(%rip), %rdi
// PIC-NEXT:  call __tls_get_addr@PLT
// PIC:       mine@dtpoff(%rax)
// PIC:       movq forced@gottpoff(%rip)

// PIC0-LABEL: read_all:
// PIC0:       data16 leaq mine@tlsgd(%rip), %rdi

// IE-LABEL: read_all:
// IE-NOT:   __tls_get_addr
// IE:       movq own@gottpoff(%rip)
// IE:       movq mine@gottpoff(%rip)
// IE-LABEL: address:
// IE:       movq own@gottpoff(%rip), %[[R:r[a-z0-9]+]]
// IE-NEXT:  addq %fs:0, %[[R]]

// DWARF:      .uleb128 10 # DW_AT_location
// DWARF-NEXT: .byte 0x0e
// DWARF-NEXT: .quad own@dtpoff
// DWARF-NEXT: .byte 0x9b
