"""x86-64 instruction selection: IR -> MIR over virtual registers (`select`),
with the lowering of floating point (`floating`, `x87`), 128-bit values
(`wide`), atomics, switches, inline asm and hoisted global addresses."""
