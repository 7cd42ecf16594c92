"""atomc: a C compiler whose optimised code stays debuggable."""

__version__ = "0.1.0"
