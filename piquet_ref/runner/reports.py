"""Reports of a conformance run: JSON Lines (canonical), JUnit XML, TAP 14 and a readable summary."""

from __future__ import annotations

import json
from typing import Any, Iterator
import re
from xml.sax.saxutils import escape as _escape, quoteattr as _quoteattr

from piquet_ref.version import __version__
from piquet_ref.runner.run import CaseOutcome, RunOutcome

FORMAT = "piquet-ref-conformance-report"
NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")  # characters XML 1.0 cannot hold


def xml_text(text: str) -> str:
    """`text` with every character XML 1.0 cannot hold (control characters, lone surrogates) written as `\\xNN`:
    a program's message may hold anything, and the report must stay well-formed."""
    return NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def escape(text: str) -> str:
    return _escape(xml_text(text))


def quoteattr(text: str) -> str:
    return _quoteattr(xml_text(text))


def jsonl_records(run: RunOutcome, corpus_version: str, adapter: str) -> Iterator[dict[str, Any]]:
    """Header, one record per case run, footer (counts per status and per rule)."""
    yield {
        "record": "header", "format": FORMAT, "version": 1, "runner": f"piquet-ref {__version__}",
        "corpus_version": corpus_version, "adapter": adapter, "implementation": run.implementation,
        "cases": len(run.outcomes) + len(run.not_run), "level": run.level, "above_level": len(run.above_level),
    }
    for o in run.outcomes:
        yield case_record(o)
    yield {
        "record": "footer", "complete": run.complete, "counts": run.status_counts(), "unexpected": run.unexpected,
        "restarts": run.restarts, "seconds": round(run.seconds, 3), "not_run": [c.id for c in run.not_run],
        "per_rule": run.per_rule(), "per_level": {lv: {"passed": p, "judged": n} for lv, (p, n) in run.per_level().items()},
        "exit_code": run.exit_code,
    }


def case_record(o: CaseOutcome) -> dict[str, Any]:
    data = o.case.data
    record: dict[str, Any] = {
        "record": "case", "id": o.case.id, "rev": data.get("rev"), "path": o.case.path.as_posix(), "op": o.case.op,
        "rules": list(o.case.rules), "status": o.status, "seconds": round(o.seconds, 4),
    }
    if o.levels:
        record["levels"] = dict(o.levels)
    if o.reason is not None:
        record["reason"] = o.reason
    if o.status not in ("pass", "skip", "unsupported"):
        record["diff"] = list(o.diffs)
        record["expected"] = {k: data[k] for k in ("expect", "expect_error") if k in data}
        record["got"] = o.response
    elif o.diffs:
        record["diff"] = list(o.diffs)
    return record


def jsonl(run: RunOutcome, corpus_version: str, adapter: str) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in jsonl_records(run, corpus_version, adapter))


def junit(run: RunOutcome) -> str:
    """JUnit XML: fail and xpass are failures; error, crash, timeout errors; the rest skipped or passed."""
    counts = run.status_counts()
    failures = counts.get("fail", 0) + counts.get("xpass", 0)
    errors = sum(counts.get(s, 0) for s in ("error", "crash", "timeout")) + len(run.not_run)
    skipped = sum(counts.get(s, 0) for s in ("skip", "unsupported", "xfail"))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<testsuites name="piquet-ref conformance" tests="{len(run.outcomes) + len(run.not_run)}" failures="{failures}" '
        f'errors="{errors}" skipped="{skipped}" time="{run.seconds:.3f}">',
        f'<testsuite name="conformance" tests="{len(run.outcomes) + len(run.not_run)}" failures="{failures}" '
        f'errors="{errors}" skipped="{skipped}" time="{run.seconds:.3f}">',
    ]
    for o in run.outcomes:
        name = quoteattr(f"{o.case.id} {o.case.path.as_posix()}")
        head = f"<testcase classname={quoteattr(o.case.area or 'cases')} name={name} time=\"{o.seconds:.4f}\""
        detail = escape("\n".join(o.diffs))
        if o.status == "pass":
            out.append(head + "/>")
        elif o.status in ("fail", "xpass"):
            message = f"unexpected pass ({o.reason})" if o.status == "xpass" else (o.diffs[0] if o.diffs else "fail")
            out.append(f"{head}><failure type={quoteattr(o.status)} message={quoteattr(message)}>{detail}</failure></testcase>")
        elif o.status in ("error", "crash", "timeout"):
            message = o.diffs[0] if o.diffs else o.status
            out.append(f"{head}><error type={quoteattr(o.status)} message={quoteattr(message)}>{detail}</error></testcase>")
        else:
            message = o.reason if o.status == "xfail" and o.reason else o.status
            out.append(f"{head}><skipped message={quoteattr(f'{o.status}: {message}')}/></testcase>")
    for case in run.not_run:
        out.append(f"<testcase classname={quoteattr(case.area or 'cases')} name={quoteattr(case.id)}>"
                   '<error type="not-run" message="the implementation could not be restarted"/></testcase>')
    out += ["</testsuite>", "</testsuites>", ""]
    return "\n".join(out)


def tap(run: RunOutcome) -> str:
    """TAP 14: skip and unsupported as SKIP, expected failures as TODO, details as YAML diagnostics."""
    out = ["TAP version 14", f"1..{len(run.outcomes) + len(run.not_run)}"]
    for n, o in enumerate(run.outcomes, 1):
        title = f"{o.case.id} - {o.case.data.get('description', o.case.path.as_posix())}".replace("#", "\\#")
        ok = o.status in ("pass", "skip", "unsupported", "xfail")
        directive = ""
        if o.status in ("skip", "unsupported"):
            directive = f" # SKIP {o.status}"
        elif o.status == "xfail":
            directive = f" # TODO expected failure: {o.reason}"
            ok = False
        out.append(f"{'ok' if ok else 'not ok'} {n} - {title}{directive}")
        if o.status not in ("pass", "skip", "unsupported"):
            out += ["  ---", f"  status: {o.status}", f"  path: {json.dumps(o.case.path.as_posix())}", "  diff:"]
            out += [f"    - {json.dumps(d, ensure_ascii=False)}" for d in o.diffs] or ["    []"]
            out.append("  ...")
    if run.not_run:
        out.append(f"Bail out! the implementation could not be restarted; {len(run.not_run)} case(s) not run")
    return "\n".join(out) + "\n"


def summary(run: RunOutcome, adapter: str) -> str:
    """What a person reads at the end of a run: each unexpected result with its differences, then the counts."""
    out = []
    for o in run.outcomes:
        if o.unexpected:
            out.append(f"{o.status.upper():<8} {o.case.id} {o.case.path.as_posix()}")
            out += ["         " + d.replace("\n", "\n         ") for d in o.diffs[:8]]
            if len(o.diffs) > 8:
                out.append(f"         ... and {len(o.diffs) - 8} more")
    name = run.implementation.get("implementation", {}) if isinstance(run.implementation, dict) else {}
    who = f"{name.get('name', '?')} {name.get('version', '')}".strip() if isinstance(name, dict) else "?"
    counts = ", ".join(f"{n} {s}" for s, n in run.status_counts().items()) or "no cases"
    out.append(f"{adapter} ({who}): {len(run.outcomes)} case(s) in {run.seconds:.1f} s: {counts}")
    for level, (passed, judged) in run.per_level().items():
        out.append(f"  {level}: {passed}/{judged}")
    if run.above_level:
        out.append(f"{len(run.above_level)} selected case(s) check only above level {run.level}: not sent")
    if run.restarts:
        out.append(f"restarts: {run.restarts}")
    if not run.complete:
        out.append(f"INCOMPLETE: {len(run.not_run)} case(s) not run (the implementation could not be restarted)")
    out.append("result: " + ("incomplete" if not run.complete else f"{run.unexpected} unexpected" if run.unexpected else "no unexpected results"))
    return "\n".join(out) + "\n"
