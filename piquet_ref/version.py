"""The package's version, on its own so that any layer may read it without importing the public API."""

__version__ = "0.1.0"
