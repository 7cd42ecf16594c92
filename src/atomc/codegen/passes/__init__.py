"""Target-neutral machine passes (they see the target only through its opcode
table): fall-through folding, branch cleanup, dead-definition removal and the
list scheduler. The pipeline (`codegen/pipeline.py`) decides their order."""
