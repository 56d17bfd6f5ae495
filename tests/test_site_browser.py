"""The rulebook site in a real browser (deep tier): `piquet-ref site` builds it, a local HTTP server serves it, and
headless Chromium, driven by Selenium, reads every page as a reader's browser would.

- every page loads with no error in the browser's console;
- every link between pages, and every anchor a link names, resolves;
- search for "pique" finds the pique rules, each linked to its place on its chapter's page;
- the picture of every worked deal renders (every card has a size on the screen) with the cards of its record, role
  by role, and every picture shown as an image loads;
- no page is over the limit.

The build is strict (a Sphinx warning fails it). The browser is Debian's `chromium` with `chromium-driver`;
.ci/run installs them, and their absence fails these tests loudly rather than skipping them, so that a CI run
without a browser cannot pass for one that browsed.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urldefrag, urlsplit

import pytest

from piquet_ref.docs.site import worked_deals
from piquet_ref.docs.site_kit import MAX_PAGE, chapter_of, chapter_page, deal_page, drawn_record, html_of
from piquet_ref.rules.loader import default_ruleset

from tests.support import cards_by_role, cli_run

pytestmark = pytest.mark.deep
WAIT = 30  # seconds a page, or the search, may take


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as a reader builds it."""
    root = tmp_path_factory.mktemp("site")
    code, out, err = cli_run(["site", "--source", str(root / "src"), "--output", str(root / "html")])
    assert code == 0, out + err
    return root / "html"


@pytest.fixture(scope="module")
def served(built: Path) -> Iterator[str]:
    """The built site over HTTP on a free local port, as a web server would give it (not file://, whose rules differ)."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class names it so)
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium through its driver, logging the console; a missing browser or driver fails, never skips."""
    chromium, driver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        pytest.fail("the browser test needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("the browser test needs selenium: pip install -e '.[docs]' (.ci/run does)")
    options = Options()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    session = webdriver.Chrome(service=Service(driver), options=options)
    session.set_page_load_timeout(WAIT)
    try:
        yield session
    finally:
        session.quit()


@dataclass
class Visit:
    """What one page showed the browser."""

    errors: list[str]
    ids: set[str]
    links: list[str]  # absolute addresses of every link and image
    roles: Counter[str] = field(default_factory=Counter)  # the cards of the page's inline deal picture, by role
    unrendered: int = 0  # cards of the picture with no size on the screen
    broken_images: list[str] = field(default_factory=list)


READ_PAGE = """
const cards = [...document.querySelectorAll('svg.pq-deal g.pq-card')];
return {
  ids: [...document.querySelectorAll('[id]')].map(e => e.id),
  links: [...document.querySelectorAll('a[href]')].map(a => a.href).concat([...document.querySelectorAll('img[src]')].map(i => i.src)),
  roles: cards.map(g => g.getAttribute('data-role')),
  unrendered: cards.filter(g => { const b = g.getBoundingClientRect(); return !(b.width > 0 && b.height > 0); }).length,
};
"""
IMAGES_LOADED = """
const images = [...document.querySelectorAll('img')];
images.forEach(i => { i.loading = 'eager'; });
return images.every(i => i.complete);
"""


def _wait(session: Any, script: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(session, WAIT, poll_frequency=0.05).until(lambda s: s.execute_script(script))


@pytest.fixture(scope="module")
def visits(built: Path, served: str, browser: Any) -> dict[str, Visit]:
    """Every HTML page of the site, loaded once: its console errors, its ids, its links and its pictures."""
    seen: dict[str, Visit] = {}
    for path in sorted(built.rglob("*.html")):
        rel = path.relative_to(built).as_posix()
        browser.get(served + rel)
        _wait(browser, "return document.readyState === 'complete'")
        _wait(browser, IMAGES_LOADED)
        data = browser.execute_script(READ_PAGE)
        broken = browser.execute_script("return [...document.querySelectorAll('img')].filter(i => !(i.naturalWidth > 0)).map(i => i.src)")
        errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        seen[rel] = Visit(errors, set(data["ids"]), list(data["links"]), Counter(data["roles"]), int(data["unrendered"]), list(broken))
    return seen


def test_every_page_loads_with_no_console_error(visits: dict[str, Visit]) -> None:
    assert {"index.html", "search.html", "rules/pique.html"} <= set(visits)
    assert {page: v.errors for page, v in visits.items() if v.errors} == {}


def test_every_link_and_every_anchor_resolves(visits: dict[str, Visit], built: Path, served: str) -> None:
    bad = []
    for page, v in visits.items():
        for link in v.links:
            address, fragment = urldefrag(link)
            if not address.startswith(served):
                continue  # a source's own address, elsewhere on the web
            target = urlsplit(address).path.lstrip("/") or "index.html"
            if target.endswith("/"):
                target += "index.html"
            if not (built / target).is_file():
                bad.append((page, link, "no such file"))
            elif fragment and target.endswith(".html") and fragment not in visits[target].ids:
                bad.append((page, link, "no such anchor"))
    assert bad == []


def test_search_for_pique_finds_the_pique_rules(browser: Any, served: str, visits: dict[str, Visit]) -> None:
    browser.get(served + "search.html?q=pique")
    _wait(browser, "const s = document.querySelector('#search-results .search-summary'); return !!s && /found/.test(s.textContent)")
    results = browser.execute_script("return [...document.querySelectorAll('#search-results li a')].map(a => [a.textContent, a.href])")
    found = {text.strip(): href for text, href in results}
    pique = [r for r in default_ruleset().rules if r.split(".")[0] == "pique"]
    assert pique
    for rule in pique:
        assert rule in found, sorted(found)
        address, fragment = urldefrag(found[rule])
        page = html_of(chapter_page(chapter_of(rule)))
        assert address == served + page and fragment in visits[page].ids


def test_every_worked_deal_is_drawn_card_for_card(visits: dict[str, Visit]) -> None:
    drawn = 0
    for case in worked_deals():
        record = drawn_record(case.id)
        page = visits[html_of(deal_page(case))]
        if record is None:
            assert page.roles == Counter()
            continue
        assert page.roles == cards_by_role(record), case.id
        assert page.unrendered == 0, case.id
        drawn += 1
    assert drawn >= sum(1 for c in worked_deals() if c.path.parts[0] == "source-examples")


def test_every_picture_shown_as_an_image_loads(visits: dict[str, Visit]) -> None:
    assert {page: v.broken_images for page, v in visits.items() if v.broken_images} == {}
    assert sum("/_images/" in link or "/_static/pictures/" in link for v in visits.values() for link in v.links) > 0


def test_no_page_is_over_the_limit(built: Path) -> None:
    sizes = {p.relative_to(built).as_posix(): p.stat().st_size for p in built.rglob("*.html")}
    assert {page: size for page, size in sizes.items() if size > MAX_PAGE} == {}
