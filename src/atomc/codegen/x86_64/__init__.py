"""x86-64 System V target: registers, opcode table, ABI, isel, frame, printer."""
