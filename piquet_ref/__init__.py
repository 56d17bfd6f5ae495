"""piquet-ref: the rules of Piquet as cited data, and a reference implementation built on them.

The public API, importable from here: rulesets (`load_ruleset`, `default_ruleset`, `ruleset_ids`), cards
(`parse_card(s)`, `format_card(s)`, `hand_of`, `cards_of`), declarations (`evaluate_hand`, `point_of`,
`sequences_of`, `sets_of`, `compare_declarations`, `compare_hands`, `declared`), the exchange (`discard_limits`,
`check_discard`, `exchange`), the play (`legal_follows`, `check_trick`, `follower_wins`), the deal (`parse_record`,
`score_deal`, `result_text`, `result_json`; the ten totals alone, `deal_totals`), one deal under every ruleset (`compare_rulesets`), the deal as a
state machine (`new_deal`, `legal_actions`, `apply`, `DealState`), the partie (`score_partie`, `partie_json`),
and the typed errors under `PiquetError`.

Each name is imported from its layer when it is first used, so that `from piquet_ref import score_deal` loads
the deal's scorer and what it stands on, and nothing of the state machine, the protocol or the runner.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from piquet_ref.version import __version__
from piquet_ref.rules.errors import shown

_EXPORTS: dict[str, str] = {  # public name -> the module that defines it
    **dict.fromkeys(("Card", "Hand", "cards_of", "format_card", "format_cards", "hand_of", "parse_card", "parse_cards"), "piquet_ref.hand.cards"),
    **dict.fromkeys(("Comparison", "DeclareChoice", "HandEvaluation", "compare_declarations", "compare_hands", "declared", "evaluate_hand",
                     "point_of", "sequences_of", "sets_of"), "piquet_ref.hand.declarations"),
    **dict.fromkeys(("check_discard", "discard_limits", "exchange"), "piquet_ref.hand.exchange"),
    **dict.fromkeys(("check_trick", "follower_wins", "legal_follows"), "piquet_ref.hand.play"),
    **dict.fromkeys(("CardError", "DealError", "DeclarationError", "ExchangeError", "PartieError", "PiquetError", "PlayError", "ProtocolError",
                     "RecordError", "SpecError"), "piquet_ref.rules.errors"),
    **dict.fromkeys(("default_ruleset", "load_ruleset"), "piquet_ref.rules.loader"),
    "ruleset_ids": "piquet_ref.rules.tables",
    "Ruleset": "piquet_ref.rules.ruleset",
    **dict.fromkeys(("DealRecord", "parse_record"), "piquet_ref.deal.record"),
    **dict.fromkeys(("DealResult", "Event"), "piquet_ref.deal.result"),
    "score_deal": "piquet_ref.deal.scoring",
    **dict.fromkeys(("DealTotals", "deal_totals"), "piquet_ref.deal.totals"),
    "compare_rulesets": "piquet_ref.deal.compare",
    **dict.fromkeys(("DealState", "apply", "legal_actions", "new_deal"), "piquet_ref.machine.state"),
    "PartieResult": "piquet_ref.partie.result",
    **dict.fromkeys(("partie_json", "score_partie"), "piquet_ref.partie.scoring"),
    **dict.fromkeys(("result_json", "result_text"), "piquet_ref.protocol.results"),
}
__all__ = ["__version__", *sorted(_EXPORTS)]

if TYPE_CHECKING:  # the same names for type checkers, re-exported (tests/test_api_guards.py checks that the two lists agree)
    from piquet_ref.deal.compare import compare_rulesets as compare_rulesets
    from piquet_ref.deal.record import DealRecord as DealRecord, parse_record as parse_record
    from piquet_ref.deal.result import DealResult as DealResult, Event as Event
    from piquet_ref.deal.scoring import score_deal as score_deal
    from piquet_ref.deal.totals import DealTotals as DealTotals, deal_totals as deal_totals
    from piquet_ref.hand.cards import (
        Card as Card, Hand as Hand, cards_of as cards_of, format_card as format_card, format_cards as format_cards,
        hand_of as hand_of, parse_card as parse_card, parse_cards as parse_cards,
    )
    from piquet_ref.hand.declarations import (
        Comparison as Comparison, DeclareChoice as DeclareChoice, HandEvaluation as HandEvaluation,
        compare_declarations as compare_declarations, compare_hands as compare_hands, declared as declared,
        evaluate_hand as evaluate_hand, point_of as point_of, sequences_of as sequences_of, sets_of as sets_of,
    )
    from piquet_ref.hand.exchange import (
        check_discard as check_discard, discard_limits as discard_limits, exchange as exchange,
    )
    from piquet_ref.hand.play import (
        check_trick as check_trick, follower_wins as follower_wins, legal_follows as legal_follows,
    )
    from piquet_ref.machine.state import (
        DealState as DealState, apply as apply, legal_actions as legal_actions, new_deal as new_deal,
    )
    from piquet_ref.partie.result import PartieResult as PartieResult
    from piquet_ref.partie.scoring import partie_json as partie_json, score_partie as score_partie
    from piquet_ref.protocol.results import result_json as result_json, result_text as result_text
    from piquet_ref.rules.errors import (
        CardError as CardError, DealError as DealError, DeclarationError as DeclarationError,
        ExchangeError as ExchangeError, PartieError as PartieError, PiquetError as PiquetError, PlayError as PlayError,
        ProtocolError as ProtocolError, RecordError as RecordError, SpecError as SpecError,
    )
    from piquet_ref.rules.loader import default_ruleset as default_ruleset, load_ruleset as load_ruleset
    from piquet_ref.rules.ruleset import Ruleset as Ruleset
    from piquet_ref.rules.tables import ruleset_ids as ruleset_ids


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'piquet_ref' has no attribute {shown(name)}")
    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
