"""The built-in game plugins; each registers through its own entry point."""
