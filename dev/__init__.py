"""The maintainers' tools, for a checkout of piquet-ref only: `python -m dev COMMAND` from the repository root.

They write the files of the repository: the corpus's id lock (`corpus mint|lock|retire|coverage`), the lock of the
released rulesets (`rulesets lock`), the generated table of docs/cli.md (`docs`), the spec's index (`spec-doc`), the
verification report (`report`, which runs `python -m verification.report`).
They are not in the wheel, and they refuse to run where the package is not a checkout's (docs/releasing.md).
"""
