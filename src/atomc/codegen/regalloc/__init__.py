"""Register allocation: `fast` (-O0, every value in its stack slot between
instructions), `linear` (linear scan with coalescing, -O1 and up), `split`
(per-block live-range splitting for the linear allocator)."""
