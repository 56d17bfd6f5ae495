"""The `piquet-ref` command line: one module a group of subcommands."""
