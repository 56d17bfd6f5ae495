"""The command line read back from its parser: shell completion for bash, zsh and fish
(`piquet-ref completion SHELL`), and the table of every subcommand in docs/cli.md.

Both walk the argparse parser of `cli/parser.py`, so that neither can drift from the flags the command takes.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from piquet_ref.cli.parser import EXITS, PROG, parser


@dataclass(frozen=True)
class Flag:
    names: tuple[str, ...]
    choices: tuple[str, ...]  # the values it takes, where they are a fixed list
    takes_value: bool
    help: str
    metavar: str  # what its value is called in --help ("" for a flag without a value)


@dataclass(frozen=True)
class Command:
    """One subcommand (`path` such as ("conformance", "run")), its flags, its subcommands, its formats, its exit codes."""

    path: tuple[str, ...]
    help: str
    flags: tuple[Flag, ...]
    positionals: tuple[str, ...]
    subcommands: tuple[str, ...]
    formats: tuple[str, ...]
    exits: tuple[str, ...]


def commands(p: argparse.ArgumentParser | None = None, path: tuple[str, ...] = (), help: str = "") -> list[Command]:
    """Every command of the parser, the top level first, each before its subcommands."""
    p = p if p is not None else parser()
    flags: list[Flag] = []
    positionals: list[str] = []
    subs: list[tuple[str, argparse.ArgumentParser, str]] = []
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            subs += [(name, sp, helps.get(name, "")) for name, sp in action.choices.items()]
        elif action.option_strings:
            if action.dest == "help":
                continue
            choices = tuple(str(c) for c in action.choices) if action.choices is not None else ()
            takes = action.nargs != 0
            metavar = str(action.metavar or action.dest.upper()) if takes else ""
            flags.append(Flag(tuple(action.option_strings), choices, takes, action.help or "", metavar))
        else:
            name = str(action.metavar or "{" + ",".join(str(c) for c in action.choices or ()) + "}")
            positionals.append(f"[{name}]" if action.nargs == "?" else f"[{name} ...]" if action.nargs == "*"
                               else f"{name} ..." if action.nargs == "+" else name)
    fmt = next((f.choices for f in flags if "--format" in f.names), ())
    exits = tuple(p.get_default("exits") or ())
    out = [Command(path, help, tuple(flags), tuple(positionals), tuple(name for name, _, _ in subs), fmt, exits)]
    for name, sp, sub_help in subs:
        out += commands(sp, (*path, name), sub_help)
    return out


# ------------------------------------------------------------------------------------------------ the docs table

BEGIN = "<!-- the table below is generated from the parser: python -m dev docs (tests/test_cli_conventions.py checks it) -->"
END = "<!-- end of the generated table -->"


def markdown_table() -> str:
    """Every subcommand with its flags, formats and exit codes, as a Markdown table."""
    rows = ["| command | flags | `--format` | exit codes |", "|---|---|---|---|"]
    every = commands()
    for c in every:
        if not c.path or c.subcommands:
            continue
        flags = ", ".join(_flag(f) for f in c.flags if f.names[0] != "--format")
        args = " ".join(c.positionals)
        words = [PROG]
        for i, word in enumerate(c.path):  # a group's own flags go before its subcommand (conformance --corpus DIR run)
            group = next(g for g in every if g.path == c.path[:i])
            words += [f"[{_flag(f).strip('`')}]" for f in group.flags if group.path] + [word]
        name = f"`{' '.join(words)}{' ' + args if args else ''}`"
        formats = " ".join(f"`{f}`" for f in c.formats) if c.formats else "none"
        exits = "standard: 0, 1, 2" if c.exits == EXITS else "; ".join(c.exits)
        rows.append(f"| {name} | {flags or 'none'} | {formats} | {exits} |".replace("\n", " "))
    return "\n".join(_cells(r) for r in rows) + "\n"


def _flag(f: Flag) -> str:
    if not f.takes_value:
        return f"`{' '.join(f.names)}`"
    value = "{" + ",".join(f.choices) + "}" if f.choices and len(f.choices) <= 3 else f.metavar
    return f"`{f.names[0]} {value}`"


def _cells(row: str) -> str:
    """A table row whose code spans hold no bare `|` (Markdown would split the cell there)."""
    out, code = [], False
    for ch in row:
        if ch == "`":
            code = not code
        out.append("\\|" if ch == "|" and code else ch)
    return "".join(out)


def with_table(text: str) -> str:
    """`text` (docs/cli.md) with the generated table between its markers written afresh."""
    head, found, rest = text.partition(BEGIN + "\n")
    if not found:
        raise ValueError("docs/cli.md has no marker for the generated table")
    _, found, tail = rest.partition(END)
    if not found:
        raise ValueError("docs/cli.md has no end marker for the generated table")
    return head + BEGIN + "\n\n" + markdown_table() + "\n" + END + tail


# ------------------------------------------------------------------------------------------------ completion


def _function(path: tuple[str, ...]) -> str:
    return "_piquet_ref" + "".join("_" + p.replace("-", "_") for p in path)


def bash() -> str:
    """A bash completion script: subcommands, flags, the values of flags with fixed choices, files otherwise."""
    cmds = commands()
    lines = [
        f"# bash completion for {PROG}: eval \"$({PROG} completion bash)\"",
        "_piquet_ref() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" path="" i w',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        w="${COMP_WORDS[i]}"',
        '        case "$path:$w" in',
    ]
    for c in cmds:
        for s in c.subcommands:
            lines.append(f'            "{" ".join(c.path)}:{s}") path="{" ".join((*c.path, s))}" ;;')
    lines += ["        esac", "    done", '    local opts="" subs=""', '    case "$path" in']
    for c in cmds:
        opts = " ".join(n for f in c.flags for n in f.names) + " --help"
        lines.append(f'        "{" ".join(c.path)}")')
        lines.append(f'            opts="{opts}"; subs="{" ".join(c.subcommands)}"')
        valued = [f for f in c.flags if f.choices]
        if valued:
            lines.append('            case "$prev" in')
            for f in valued:
                lines.append(f'                {"|".join(f.names)}) COMPREPLY=($(compgen -W "{" ".join(f.choices)}" -- "$cur")); return ;;')
            lines.append("            esac")
        files = [n for f in c.flags if f.takes_value and not f.choices for n in f.names]
        if files:
            lines.append(f'            case "$prev" in {"|".join(files)}) COMPREPLY=($(compgen -f -- "$cur")); return ;; esac')
        lines.append("            ;;")
    lines += [
        "    esac",
        '    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
        '    elif [[ -n "$subs" ]]; then COMPREPLY=($(compgen -W "$subs" -- "$cur"))',
        '    else COMPREPLY=($(compgen -f -- "$cur")); fi',
        "}",
        f"complete -o filenames -F _piquet_ref {PROG}",
    ]
    return "\n".join(lines) + "\n"


def zsh() -> str:
    """zsh completion: the bash script through zsh's own bashcompinit."""
    return (f"# zsh completion for {PROG}: eval \"$({PROG} completion zsh)\"\n"
            "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n" + bash())


def fish() -> str:
    """A fish completion script."""
    cmds = commands()
    lines = [f"# fish completion for {PROG}: {PROG} completion fish > ~/.config/fish/completions/{PROG}.fish",
             f"complete -c {PROG} -f"]
    for c in cmds:
        if not c.path:
            cond = "__fish_use_subcommand"
        else:
            cond = " ; and ".join(f"__fish_seen_subcommand_from {p}" for p in c.path)
            if c.subcommands:
                cond += " ; and not __fish_seen_subcommand_from " + " ".join(c.subcommands)
        for s in c.subcommands:
            sub = next(o for o in cmds if o.path == (*c.path, s))
            lines.append(f"complete -c {PROG} -n '{cond}' -a {s} -d {_quoted(sub.help)}")
        for f in c.flags:
            longs = " ".join(f"-l {n[2:]}" for n in f.names if n.startswith("--"))
            shorts = " ".join(f"-s {n[1:]}" for n in f.names if not n.startswith("--"))
            value = f" -xa {_quoted(' '.join(f.choices))}" if f.choices else " -r -F" if f.takes_value else ""
            lines.append(f"complete -c {PROG} -n '{cond}' {' '.join(x for x in (longs, shorts) if x)}{value} -d {_quoted(f.help)}")
        if c.positionals and not c.subcommands:
            lines.append(f"complete -c {PROG} -n '{cond}' -F")
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    short = text if len(text) <= 80 else text[:77] + "..."
    return "'" + short.replace("\\", "\\\\").replace("'", "\\'") + "'"


SCRIPTS = {"bash": bash, "zsh": zsh, "fish": fish}


def cmd_completion(args: argparse.Namespace) -> int:
    sys.stdout.write(SCRIPTS[args.shell]())
    return 0
