"""Lowering of the checked front-end trees to IR (entry point: `module.IRGen`)."""
