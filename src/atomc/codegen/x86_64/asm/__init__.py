"""x86-64 GNU assembly output: instruction and function printing (`printer`),
section choice (`sections`) and symbol directives (`symbols`)."""
