// How code reaches symbols under gcc's three code models (x86-64, gcc-12's choices):
// -fPIC reads every default-visibility global through its GOT slot and calls
// default-visibility functions through the PLT (they may be interposed), while
// static, hidden and protected-function symbols stay PC-relative; a PIE (the
// default) reaches everything it defines PC-relative and extern data too (the
// linker makes a copy relocation), but takes undefined-weak data and extern
// function addresses from the GOT and calls extern functions through the PLT;
// -fno-pic calls everything directly.
// RUN: %atomc -S -O1 -fPIC %s -o - | filecheck %s --check-prefix=PIC
// RUN: %atomc -S -O1 %s -o - | filecheck %s --check-prefix=PIE
// RUN: %atomc -S -O1 -fno-pic %s -o - | filecheck %s --check-prefix=NOPIC

extern int ext;
int def = 1;
static int loc = 2;
__attribute__((visibility("hidden"))) int hid = 3;
extern int weak_ext __attribute__((weak));
extern void ext_fn(void);
__attribute__((noinline)) void def_fn(void) { __asm__ volatile(""); }
__attribute__((noinline, visibility("protected"))) void prot_fn(void) { __asm__ volatile(""); }

int reads(void)
{
    ext_fn();
    def_fn();
    prot_fn();
    return ext + def + loc + hid + weak_ext;
}

void *address_of_ext_fn(void) { return (void *)ext_fn; }
void *address_of_def(void) { return &def; }

// PIC-LABEL: reads:
// PIC:       call ext_fn@PLT
// PIC-NEXT:  call def_fn@PLT
// PIC-NEXT:  call prot_fn{{$}}
// PIC:       movq ext@GOTPCREL(%rip), %r{{[a-z0-9]+}}
// PIC:       movq def@GOTPCREL(%rip), %r{{[a-z0-9]+}}
// PIC:       loc(%rip)
// PIC:       hid(%rip)
// PIC:       movq weak_ext@GOTPCREL(%rip), %r{{[a-z0-9]+}}
// PIC-LABEL: address_of_ext_fn:
// PIC:       movq ext_fn@GOTPCREL(%rip), %rax
// PIC-LABEL: address_of_def:
// PIC:       movq def@GOTPCREL(%rip), %rax

// PIE-LABEL: reads:
// PIE:       call ext_fn@PLT
// PIE-NEXT:  call def_fn{{$}}
// PIE-NEXT:  call prot_fn{{$}}
// PIE:       ext(%rip)
// PIE:       def(%rip)
// PIE:       loc(%rip)
// PIE:       hid(%rip)
// PIE:       movq weak_ext@GOTPCREL(%rip), %r{{[a-z0-9]+}}
// PIE-LABEL: address_of_ext_fn:
// PIE:       movq ext_fn@GOTPCREL(%rip), %rax
// PIE-LABEL: address_of_def:
// PIE:       leaq def(%rip), %rax

// NOPIC-LABEL: reads:
// NOPIC:       call ext_fn{{$}}
// NOPIC-NEXT:  call def_fn{{$}}
// NOPIC:       ext(%rip)
// NOPIC:       weak_ext(%rip)
// NOPIC-LABEL: address_of_ext_fn:
// NOPIC:       leaq ext_fn(%rip), %rax
