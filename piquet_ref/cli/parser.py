"""The parser of `piquet-ref`: every subcommand with its flags, description, examples and exit codes.

Building it imports argparse and the small table modules of `rules/` only. Each subcommand names its function as
`"module:function"`, imported by `main` when that subcommand runs, so that `piquet-ref score` loads the scorer and
nothing of the runner, the protocol's server, the state machine or the site.

The conventions every subcommand keeps (docs/cli.md, "Conventions"):

- `--format text|json` wherever a command prints a result; with `json` a failure is a JSON object too.
- `--ruleset ID` is the ruleset the input is scored under, in place of any the input names.
- exit codes: 0 success; 1 the input was read and refused; 2 a usage error; a command with codes of its own
  lists them in its `--help`.
- every `--help` has a description, examples and the exit codes.
"""

from __future__ import annotations

import argparse
import textwrap
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence, TypeAlias, cast

from piquet_ref.version import __version__
from piquet_ref.cli.documents import LIMIT_HELP, limit_arg

PROG = "piquet-ref"
WIDTH = 100
EXITS = (
    "0 success",
    "1 the input was read and refused: not YAML or JSON, of the wrong shape, past a limit, or against the laws",
    "2 usage error: bad options, or a FILE that cannot be opened",
)
FORMATS = ("text", "json")
MIXES = ("rare", "uniform")  # piquet_ref.runner.situations.MIXES, not imported: it loads the runner (tests/test_cli_conventions.py)
FILTERS = (("op", "op"), ("rule", "rule id (glob)"), ("tag", "tag"), ("only-ruleset", "ruleset among its rulesets"),
           ("id", "case id (glob)"), ("area", "area (directory under cases/)"))

CONDITIONS = """conditions (--if, --rank-by) are YAML or JSON, as in the odds op (conformance/ADAPTER.md):
  'taken: A'                      at least one ace taken in ('taken: JC', 'taken: H', 'taken: court')
  '{taken: A, at_least: 2}'       two aces or more ('at_most' too); 'holds: ...' counts the hand after
  'point: 6'  '{point: 5, pips: 48}'   a point of 6 cards or more; of 5 making 48 or more
  'sequence: 5'  '{sequence: 5, top: A}'   a quint or better; a quint major or better
  'quatorze: Q'  'quatorze: any'  'trio: K'
  '{all: [...]}'  '{any: [...]}'  '{not: ...}'"""

Sub: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
NAMES = ("score", "partie", "evaluate", "replay", "serve", "rulesets", "sources", "ambiguities", "rules", "laws", "odds",
         "site", "conformance", "fuzz", "completion")  # the subcommands, in the order --help lists them
_only: list[str | None] = [None]  # while `parser(only)` builds: the one subcommand whose flags are built


class _Skipped:
    """A subcommand that is not the one run: registered with its one-line help only, and its flags not built
    (argparse builds a parser slowly, and a command line runs one subcommand)."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        return None

    def add_mutually_exclusive_group(self, **kwargs: Any) -> _Skipped:
        return self

    def add_subparsers(self, **kwargs: Any) -> _Skipped:
        return self

    def add_parser(self, name: str, **kwargs: Any) -> _Skipped:
        return self

    def set_defaults(self, **kwargs: Any) -> None:
        return None


def _skipped(sub: Any, name: str, help: str) -> argparse.ArgumentParser | None:
    """A stub for subcommand `name` when another one is being built alone (None when `name` is to be built)."""
    if isinstance(sub, _Skipped):
        return cast(argparse.ArgumentParser, sub)
    if _only[0] is None or _only[0] == name or sub.dest != "command":
        return None
    sub.add_parser(name, help=help)
    return cast(argparse.ArgumentParser, _Skipped())


@lru_cache(maxsize=1)
def _rulesets() -> tuple[str, ...]:
    from piquet_ref.rules.tables import ruleset_ids

    return tuple(ruleset_ids())


def seconds_arg(text: str) -> float:
    """A `--timeout`: a finite number of seconds above 0 and at most a day (else a usage error, exit 2)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"a timeout is a number of seconds above 0 and at most 86400, not {text!r}")
    return value


def count_arg(text: str) -> int:
    """An argument that is a count: a whole number, 0 or more (argparse reports anything else as a usage error)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def positive_arg(text: str) -> int:
    """A count of at least 1 (deals, jobs, disagreements)."""
    value = count_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError("it must be at least 1")
    return value


def command(sub: Sub, name: str, *, help: str, description: str, examples: Sequence[str], func: str,
            exits: Sequence[str] = EXITS, formats: Sequence[str] | None = FORMATS, more: str = "") -> argparse.ArgumentParser:
    """Register subcommand `name`: its one-line help, its description, its examples and exit codes (its `--help`
    shows all four), `--format` when `formats` is given, and the function that runs it (`module:function`)."""
    stub = _skipped(sub, name, help)
    if stub is not None:
        return stub
    epilog = "\n".join([*([more, ""] if more else []), "examples:", *(f"  {e}" for e in examples), "", "exit codes:",
                        *(f"  {e}" for e in exits)])
    p = sub.add_parser(name, help=help, description=textwrap.fill(description, WIDTH), epilog=epilog,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    if formats:
        p.add_argument("--format", choices=tuple(formats), default="text",
                       help="text for people (default), json for programs (a failure too is JSON then)"
                       if tuple(formats) == FORMATS else f"{', '.join(formats)} (default text); a failure under json is JSON")
    p.set_defaults(func=func, exits=tuple(exits))
    return p


def _ruleset(p: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, what: str = "the input") -> None:
    p.add_argument("--ruleset", choices=_rulesets(), metavar="ID",
                   help=f"score {what} under this ruleset, in place of any it names (`piquet-ref rulesets` lists them)")


def _limit(p: argparse.ArgumentParser) -> None:
    p.add_argument("--limit", action="append", type=limit_arg, metavar="NAME=N", help=LIMIT_HELP)


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only`, one of NAMES, the flags of that subcommand alone are built (the others
    are listed, and their flags unknown)."""
    _only[0] = only
    try:
        return _parser()
    finally:
        _only[0] = None


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description=textwrap.fill("Reference scorer for Piquet under the Laws of the Portland and Turf Clubs (1882), "
                                  "its rules as data in spec/. `piquet-ref COMMAND --help` shows a command's flags, "
                                  "examples and exit codes.", WIDTH),
        epilog="\n".join(["examples:", "  piquet-ref score --example", "  piquet-ref rules carte blanche", "",
                          "exit codes:", *(f"  {e}" for e in EXITS)]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    _scoring(sub)
    _reference(sub)
    _checking(sub)
    c = command(sub, "completion", help="print the shell completion script for bash, zsh or fish",
                description="Print a completion script for the shell named. Load it from your shell's start-up file, "
                "e.g. `eval \"$(piquet-ref completion bash)\"` in ~/.bashrc, `eval \"$(piquet-ref completion zsh)\"` in "
                "~/.zshrc, or `piquet-ref completion fish > ~/.config/fish/completions/piquet-ref.fish`.",
                examples=['eval "$(piquet-ref completion bash)"', "piquet-ref completion fish > ~/.config/fish/completions/piquet-ref.fish"],
                func="piquet_ref.cli.shell:cmd_completion", exits=("0 success", "2 usage error"), formats=None)
    c.add_argument("shell", choices=("bash", "zsh", "fish"), help="the shell to complete for")
    return p


def _scoring(sub: Sub) -> None:
    s = command(sub, "score", help="score one deal record (YAML or JSON) and print the ledger",
                description="Score a deal record: the dealt hands, the discards, the stock (top first) and the tricks "
                "(docs/formats.md). The ledger lists every score in the order of accretion with its rule and the running totals.",
                examples=["piquet-ref score --example", "piquet-ref score deal.yaml --format json",
                          "piquet-ref score deal.yaml --compare", "piquet-ref score deal.yaml --format svg > deal.svg"],
                func="piquet_ref.cli.scoring:cmd_score", formats=("text", "json", "svg"))
    s.add_argument("file", nargs="?", metavar="FILE", help="deal record file, or - for stdin")
    s.add_argument("--example", action="store_true", help="score the bundled example (Cavendish's worked deal)")
    how = s.add_mutually_exclusive_group()
    _ruleset(how, "the deal")
    how.add_argument("--compare", action="store_true",
                     help="score under every ruleset side by side; each difference traced to its ambiguity id (not with svg)")
    _limit(s)

    pa = command(sub, "partie", help="score a partie record: the Rubicon partie, games of a hundred up, chouette, stakes",
                 description="Score a partie record (players, form, deals or parties, stake; docs/formats.md): the score "
                 "card, the outcome of each partie or game, the net and the settlement.",
                 examples=["piquet-ref partie partie.yaml", "piquet-ref partie - --format json < partie.json"],
                 func="piquet_ref.cli.scoring:cmd_partie")
    pa.add_argument("file", metavar="FILE", help="partie record file (YAML or JSON), or - for stdin")
    _ruleset(pa, "the partie")
    _limit(pa)

    e = command(sub, "evaluate", help="what a set of cards holds: point, sequences, sets, carte blanche",
                description="What a set of cards holds: the point, the sequences, the sets and carte blanche, each "
                "named as the ruleset names it.",
                examples=["piquet-ref evaluate AS KS QS JS 9S 9H 8H 7H", "piquet-ref evaluate 'AS AH AD TS TH TD TC' --format json"],
                func="piquet_ref.cli.scoring:cmd_evaluate")
    e.add_argument("cards", nargs="+", metavar="CARD", help="cards such as AS TH 10H 7♣ (or one quoted string)")
    _ruleset(e, "the cards")

    r = command(sub, "replay", help="narrate a recorded deal step by step through the laws (the state machine)",
                description="Replay a deal record (dealt form) or an apply input (setup and actions) step by step, "
                "citing the rules and laws each step applies; a step the laws reject stops it with its error.",
                examples=["piquet-ref replay deal.yaml", "piquet-ref replay actions.json --format json"],
                func="piquet_ref.cli.replay:cmd_replay")
    r.add_argument("file", metavar="FILE", help="deal record or apply input (YAML or JSON), or - for stdin")
    _ruleset(r, "the deal")
    _limit(r)

    v = command(sub, "serve", help="JSON-lines oracle on stdin/stdout (protocol 1)",
                description="Answer JSON-lines requests on stdin with responses on stdout, one per line, in order "
                "(docs/protocol.md). Its output is the protocol, so it has no --format; a request's error is a response.",
                examples=["piquet-ref serve", "echo '{\"cmd\":\"run\",\"seq\":1,\"op\":\"odds\",\"input\":{\"kind\":\"hands\"}}' | piquet-ref serve --one-shot"],
                func="piquet_ref.cli.scoring:cmd_serve", exits=("0 end of input, or stop", "2 usage error"), formats=None)
    v.add_argument("--one-shot", action="store_true", help="answer the first request, then exit")
    _ruleset(v, "every request")
    _limit(v)


def _reference(sub: Sub) -> None:
    r = command(sub, "rulesets", help="list the rulesets, or show one ruleset's knobs and the ambiguities they answer",
                description="The rulesets: each with its number of knobs and its name, or one ruleset's knobs, each with "
                "the ambiguity whose reading it takes (docs/rulesets.md).",
                examples=["piquet-ref rulesets", "piquet-ref rulesets cavendish-younger-minimum --format json"],
                func="piquet_ref.cli.lookup:cmd_rulesets")
    r.add_argument("id", nargs="?", metavar="ID", help="one ruleset (an unknown id is refused with the nearest: exit 1)")

    for name, what, example, words in (
        ("sources", "the sources: key, author, title, year, what each speaks for, how it is cited", "L", "hoyle"),
        ("ambiguities", "where the sources disagree: each source's position and each ruleset's reading", "exchange.younger-minimum", "pique"),
        ("rules", "the rules: statement, citations, values, variants, code location, cases", "point.compare", "carte blanche"),
    ):
        ref = command(sub, name, help=what,
                      description=f"Look up {what.split(':')[0]}: one entry in full by its id, the entries holding every "
                      "word given (those whose id holds them first), or all of them.",
                      examples=[f"piquet-ref {name}", f"piquet-ref {name} {example}", f"piquet-ref {name} {words} --format json"],
                      func="piquet_ref.cli.lookup:cmd_reference",
                      exits=("0 success", "1 no entry is or matches the query (the nearest are named)", "2 usage error"))
        ref.add_argument("key", nargs="*", metavar="ID|WORD",
                         help=f"one entry by its id (e.g. {example}), or words the entries listed must hold (e.g. {words})")

    la = command(sub, "laws", help="the 78 Laws of Piquet (1882) in our words: kind, remedy, rules, error codes, executable or why not",
                 description="The Laws of Piquet of the Portland and Turf Clubs, from spec/laws.yaml: all as a table, "
                 "law N in full, or the laws holding every word given.",
                 examples=["piquet-ref laws", "piquet-ref laws 59", "piquet-ref laws revoke --format json"],
                 func="piquet_ref.cli.laws:cmd_laws",
                 exits=("0 success", "1 no law is or matches the query (the nearest are named)", "2 usage error"))
    la.add_argument("number", nargs="*", metavar="N|WORD", help="one law by its number (1-78), or words the laws listed must hold (e.g. revoke)")

    o = command(sub, "odds", help="exact odds of the take-in: what it can bring, the chance of a condition, every discard ranked",
                description="Exact odds of the take-in, counted over every set of cards the player may take in "
                "(the cards he cannot see, each set as likely as any other).",
                examples=["piquet-ref odds AS KS JS AH QH JH 8H JC 8C 7C 9D 8D --discard \"KS 8C 7C 9D 8D\"",
                          "piquet-ref odds AS KS JS AH QH JH 8H JC 8C 7C 9D 8D --rank-by 'point: 6' --top 5",
                          "piquet-ref odds KS QS TS 8S KH JH 9H 7H QD TD 9C 8C --player younger --take 3 --if 'taken: A'"],
                func="piquet_ref.cli.odds:cmd_odds", more=CONDITIONS)
    o.add_argument("cards", nargs="*", metavar="CARD", help="the hand (as dealt), e.g. AS KS QS ... (or one quoted string)")
    o.add_argument("--discard", metavar="CARDS", help="the cards laid out; he takes in as many")
    o.add_argument("--take", type=int, metavar="N", help="cards taken in when no discard is given")
    o.add_argument("--seen", metavar="CARDS", help="other cards he has seen, which cannot come to him")
    o.add_argument("--player", choices=("elder", "younger"), help="check the hand and the take-in against this player's limits (default elder for --rank-by)")
    o.add_argument("--if", dest="condition", metavar="COND", help="print the chance that the take-in satisfies COND")
    o.add_argument("--rank-by", metavar="COND", help="rank every legal discard by the chance of COND")
    o.add_argument("--top", type=count_arg, default=10, metavar="N", help="with --rank-by: show the best N discards (0: all; default 10)")
    o.add_argument("--elder-took", type=int, metavar="N", help="with --rank-by --player younger: cards the elder took (default: the fewest)")
    o.add_argument("--hands", action="store_true", help="count the hands: all, de Moivre's count by suit lengths, distinct up to suits")
    o.add_argument("--sources", action="store_true", help="print the table of every probability the sources state, each checked (Markdown)")
    _ruleset(o, "the hand")
    _limit(o)

    si = command(sub, "site", help="build the rulebook website (every rule, law, dispute and worked deal) into build/site/",
                 description="Generate the rulebook site from spec/ and the corpus as Markdown, and build it with Sphinx "
                 "(the docs extra: pip install 'piquet-ref[docs]'). Open build/site/index.html.",
                 examples=["piquet-ref site", "piquet-ref site --markdown-only --source /tmp/site-src"],
                 func="piquet_ref.cli.site:cmd_site",
                 exits=("0 success", "1 Sphinx failed (its warnings name the page)",
                        "2 usage error; Sphinx missing; a folder holds files an earlier run did not write"))
    si.add_argument("--output", default="build/site", metavar="DIR", help="where the HTML goes (default build/site)")
    si.add_argument("--source", default="build/site-src", metavar="DIR", help="where the generated Markdown goes (default build/site-src)")
    si.add_argument("--markdown-only", action="store_true", help="write the pages and stop: no Sphinx needed")


def _checking(sub: Sub) -> None:
    what = "the conformance corpus: run it against a program, check it, export it"
    c = _skipped(sub, "conformance", what) or sub.add_parser("conformance", help=what, description=textwrap.fill("The language-neutral conformance corpus (conformance/README.md): run it "
                       "against a program speaking the protocol, check its files, or export it as one JSON file.", WIDTH),
                       epilog="examples:\n  piquet-ref conformance run --impl \"node adapter.js\"\n  piquet-ref conformance lint\n\n"
                              "exit codes:\n  as each subcommand's --help says",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("--corpus", type=Path, default=None, metavar="DIR", help="corpus directory (default: the bundled one)")
    csub = c.add_subparsers(dest="conformance_command", metavar="SUBCOMMAND", required=True)

    r = command(csub, "run", help="run the corpus against an implementation through the JSON-lines protocol",
                description="Run the corpus against an implementation: a program speaking the JSON-lines protocol "
                "(conformance/ADAPTER.md), or a Python function in-process. Progress goes to stderr on a terminal.",
                examples=["piquet-ref conformance run --impl \"node adapter.js\"",
                          "piquet-ref conformance run --python mypkg.adapter:answer --level totals --area basics",
                          "piquet-ref conformance run --impl ./engine --only-ruleset cavendish-younger-minimum --junit report.xml"],
                func="piquet_ref.cli.conformance:cmd_run",
                exits=("0 no unexpected result", "1 unexpected results", "2 usage error, no case selected, an unreadable corpus",
                       "3 incomplete run (the program needed too many restarts)"))
    how = r.add_mutually_exclusive_group(required=True)
    how.add_argument("--impl", metavar="COMMAND", help="the implementation's command line (a persistent protocol process)")
    how.add_argument("--python", metavar="MODULE:FUNCTION", help="an in-process Python implementation: function(request) -> response")
    r.add_argument("--one-shot", action="store_true", help="start COMMAND afresh for each request (one line in, one line out)")
    for flag, what in FILTERS:
        r.add_argument(f"--{flag}", action="append", default=[], metavar="ID" if flag == "only-ruleset" else flag.upper(),
                       help=f"only cases with this {what}; repeatable")
    r.add_argument("--level", metavar="LEVEL", help="judge only the checks at LEVEL and below (conformance/levels.yaml: "
                   "totals, declarations, play, events, laws; default: every check)")
    r.add_argument("--timeout", type=seconds_arg, default=10.0, metavar="SECONDS", help="per-case timeout, above 0 and at most 86400 (default 10)")
    r.add_argument("--jobs", type=positive_arg, default=1, metavar="N", help="run N copies of the implementation at once "
                   "(for one process per request, or a slow program; default 1)")
    r.add_argument("--max-restarts", type=count_arg, default=10, metavar="N", help="restarts of a broken implementation before giving up (default 10)")
    r.add_argument("--expect-fail", type=Path, metavar="FILE", help="YAML/JSON mapping of case id to the reason it is expected to fail")
    r.add_argument("--write-expect-fail", type=Path, metavar="FILE", help="write the ids that failed, with their first difference, as such a file")
    r.add_argument("--jsonl", metavar="FILE", help="write the canonical JSON Lines report (- for stdout)")
    r.add_argument("--junit", metavar="FILE", help="write a JUnit XML report (- for stdout)")
    r.add_argument("--tap", metavar="FILE", help="write a TAP 14 report (- for stdout)")
    r.add_argument("--quiet", action="store_true", help="no summary and no progress")

    li = command(csub, "lint", help="check every case file and the lock (exit 1 on any problem); changes nothing",
                 description="Check every case file of the corpus (keys, id format, revisions, ops, references into spec/) "
                 "and its lock, and print one line per problem. It reads only.",
                 examples=["piquet-ref conformance lint", "piquet-ref conformance --corpus ./my-corpus lint --format json"],
                 func="piquet_ref.cli.conformance:cmd_lint",
                 exits=("0 no problem", "1 problems found", "2 usage error, an unreadable corpus"))
    del li

    ex = command(csub, "export", help="write the corpus as one JSON file (what the wheel ships as conformance/corpus.json)",
                 description="The corpus as one JSON file, for a runner without a YAML parser: every case with its "
                 "path and levels, and the levels table (schema/corpus.schema.json). Its output is JSON, so it has no --format.",
                 examples=["piquet-ref conformance export --out corpus.json"],
                 func="piquet_ref.cli.conformance:cmd_export",
                 exits=("0 success", "2 usage error, an unreadable corpus, a FILE that cannot be written"), formats=None)
    ex.add_argument("--out", default="-", metavar="FILE", help="where to write it (default: - for stdout)")

    f = command(sub, "fuzz", help="score legal deals with the oracle and an implementation; minimise disagreements",
                description="Score legal deals with both the reference and an implementation, and reduce each "
                "disagreement to as few tricks as still disagree. Progress goes to stderr on a terminal.",
                examples=["piquet-ref fuzz --impl \"node adapter.js\" --deals 500 --out drafts/",
                          "piquet-ref fuzz --count-only --deals 200 --mix uniform"],
                func="piquet_ref.cli.conformance:cmd_fuzz",
                exits=("0 no disagreement", "1 disagreements or a broken implementation",
                       "2 usage error, including an implementation without score_deal"))
    how = f.add_mutually_exclusive_group()
    how.add_argument("--impl", metavar="COMMAND", help="the implementation's command line (a persistent protocol process)")
    how.add_argument("--python", metavar="MODULE:FUNCTION", help="an in-process Python implementation: function(request) -> response")
    how.add_argument("--count-only", action="store_true", help="no implementation: draw the deals and print how many hold each situation")
    f.add_argument("--one-shot", action="store_true", help="start COMMAND afresh for each request")
    f.add_argument("--deals", type=positive_arg, default=1000, metavar="N", help="deals to score (default 1000)")
    f.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the deal generator (default 0)")
    f.add_argument("--mix", choices=MIXES, default="rare",
                   help="rare (default): mostly deals built to hold the situations that decide disputes; uniform: random deals")
    f.add_argument("--ruleset", choices=_rulesets(), default="portland-1882", metavar="ID",
                   help="score the deals under this ruleset (default portland-1882)")
    f.add_argument("--stop-after", type=positive_arg, default=5, metavar="K", help="stop after K disagreements (default 5)")
    f.add_argument("--timeout", type=seconds_arg, default=10.0, metavar="SECONDS", help="per-deal timeout, above 0 and at most 86400 (default 10)")
    f.add_argument("--jobs", type=positive_arg, default=1, metavar="N", help="implementations asked in parallel, each its own (default 1)")
    f.add_argument("--out", type=Path, metavar="DIR", help="write each minimised disagreement as a case file here")
    f.add_argument("--quiet", action="store_true", help="no progress")
