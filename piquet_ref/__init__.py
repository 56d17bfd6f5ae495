"""piquet-ref: the rules of Piquet as cited data, and a reference implementation built on them.

The public API, importable from here: rulesets (`load_ruleset`, `default_ruleset`, `ruleset_ids`), cards
(`parse_card(s)`, `format_card(s)`, `cards_text`, `Hand`, `hand_of`, `cards_of`), declarations (`evaluate_hand`,
`point_of`, `sequences_of`, `sets_of`, the holdings `Point`, `Sequence`, `SetHolding`, `compare_declarations`,
`compare_hands`, `declared`), the exchange (`discard_limits`,
`check_discard`, `exchange`), the play (`legal_follows`, `check_trick`, `follower_wins`), the deal (`parse_record`,
`score_deal`, `result_text`, `result_json`; the ten totals alone, `deal_totals`), one deal under every ruleset
(`compare_rulesets`), the deal as a state machine (`new_deal`, `legal_actions`, `apply`, `DealState`, its actions
`Exchange`, `Call`, `Play`... with `parse_action` and `format_action`), the partie (`score_partie`, `partie_json`),
the JSON forms typed key by key (`result_json` -> `ResultJSON`, `evaluation_json`, `comparison_json`,
`legal_actions_json`, `state_json`, `partie_json`), and the typed errors under `PiquetError`.

Every public value prints in the game's notation (`str(hand)` is `AS KS 9H`) and its `repr` is an expression over
these names that builds it again (`Hand.parse('AS KS 9H')`); docs/tour.md lists the forms.

Each name is imported from its layer when it is first used, so that `from piquet_ref import score_deal` loads
the deal's scorer and what it stands on, and nothing of the state machine, the protocol or the runner.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from piquet_ref.version import __version__
from piquet_ref.rules.errors import shown

_EXPORTS: dict[str, str] = {  # public name -> the module that defines it
    **dict.fromkeys(("Card", "Hand", "PlayingCard", "cards_of", "format_card", "format_cards", "hand_of", "parse_card", "parse_cards"), "piquet_ref.hand.cards"),
    "cards_text": "piquet_ref.hand.notation",
    **dict.fromkeys(("CategoryComparison", "Comparison", "Declaration", "DeclareChoice", "HandEvaluation", "Point", "Sequence", "SetHolding",
                     "compare_declarations", "compare_hands", "declared", "evaluate_hand", "point_of", "sequences_of", "sets_of"), "piquet_ref.hand.declarations"),
    **dict.fromkeys(("check_discard", "discard_limits", "exchange"), "piquet_ref.hand.exchange"),
    **dict.fromkeys(("check_trick", "follower_wins", "legal_follows"), "piquet_ref.hand.play"),
    **dict.fromkeys(("CardError", "DealError", "DeclarationError", "ExchangeError", "PartieError", "PiquetError", "PlayError", "ProtocolError",
                     "RecordError", "SpecError"), "piquet_ref.rules.errors"),
    **dict.fromkeys(("default_ruleset", "load_ruleset"), "piquet_ref.rules.loader"),
    "ruleset_ids": "piquet_ref.rules.tables",
    **dict.fromkeys(("Ruleset", "Stake"), "piquet_ref.rules.ruleset"),
    **dict.fromkeys(("DealRecord", "parse_record"), "piquet_ref.deal.record"),
    **dict.fromkeys(("DealResult", "Event", "PlayerScore", "Trick"), "piquet_ref.deal.result"),
    "Position": "piquet_ref.deal.counts",
    "score_deal": "piquet_ref.deal.scoring",
    **dict.fromkeys(("DealTotals", "deal_totals"), "piquet_ref.deal.totals"),
    "compare_rulesets": "piquet_ref.deal.compare",
    **dict.fromkeys(("DealState", "apply", "legal_actions", "new_deal"), "piquet_ref.machine.state"),
    **dict.fromkeys(("Action", "Allow", "AskShow", "AskValue", "AskWhich", "Call", "CallPoint", "CallSequence", "CallSet", "CallValue", "ChangeLead", "Correct", "CorrectMiscall", "Elect", "Exchange", "ExposeStock", "LayOut", "LeadOutOfTurn", "LeadSeveral", "Leave", "MixLeft", "NameOut", "Overplay", "Play", "Reply", "Retake", "Revoke", "SeeDiscard", "SeeLeft", "Show", "ShowBlanche", "TakeUp", "format_action", "parse_action"), "piquet_ref.machine.actions"),
    "Claim": "piquet_ref.machine.dialogue",
    "Surplus": "piquet_ref.machine.multiple_lead",
    "Revoked": "piquet_ref.machine.revokes",
    **dict.fromkeys(("ChouetteLine", "DealLine", "Decider", "Game", "Partie", "PartieResult"), "piquet_ref.partie.result"),
    **dict.fromkeys(("Settlement", "SettlementLine"), "piquet_ref.partie.settlement"),
    **dict.fromkeys(("partie_json", "score_partie"), "piquet_ref.partie.scoring"),
    **dict.fromkeys(("comparison_json", "evaluation_json", "result_json", "result_text", "totals_json"), "piquet_ref.protocol.results"),
    **dict.fromkeys(("legal_actions_json", "state_json"), "piquet_ref.protocol.machine"),
    **dict.fromkeys(("ActionJSON", "ComparisonJSON", "DeclarationJSON", "EvaluationJSON", "EventJSON", "LegalActionJSON", "LegalActionsJSON",
                     "PlayerScoreJSON", "ResultJSON", "StateJSON", "TotalsJSON", "TrickJSON", "VerdictJSON", "CountJSON", "OddsJSON"), "piquet_ref.protocol.forms"),
    "PartieResultJSON": "piquet_ref.partie.result",
}
__all__ = ["__version__", *sorted(_EXPORTS)]

if TYPE_CHECKING:  # the same names for type checkers, re-exported (tests/test_api_guards.py checks that the two lists agree)
    from piquet_ref.deal.compare import compare_rulesets as compare_rulesets
    from piquet_ref.deal.record import DealRecord as DealRecord, parse_record as parse_record
    from piquet_ref.deal.counts import Position as Position
    from piquet_ref.deal.result import DealResult as DealResult, Event as Event, PlayerScore as PlayerScore, Trick as Trick
    from piquet_ref.deal.scoring import score_deal as score_deal
    from piquet_ref.deal.totals import DealTotals as DealTotals, deal_totals as deal_totals
    from piquet_ref.hand.cards import (
        Card as Card, Hand as Hand, PlayingCard as PlayingCard, cards_of as cards_of, format_card as format_card, format_cards as format_cards,
        hand_of as hand_of, parse_card as parse_card, parse_cards as parse_cards,
    )
    from piquet_ref.hand.declarations import (
        CategoryComparison as CategoryComparison, Comparison as Comparison, Declaration as Declaration, DeclareChoice as DeclareChoice,
        HandEvaluation as HandEvaluation, Point as Point, Sequence as Sequence, SetHolding as SetHolding,
        compare_declarations as compare_declarations, compare_hands as compare_hands, declared as declared,
        evaluate_hand as evaluate_hand, point_of as point_of, sequences_of as sequences_of, sets_of as sets_of,
    )
    from piquet_ref.hand.notation import cards_text as cards_text
    from piquet_ref.hand.exchange import (
        check_discard as check_discard, discard_limits as discard_limits, exchange as exchange,
    )
    from piquet_ref.hand.play import (
        check_trick as check_trick, follower_wins as follower_wins, legal_follows as legal_follows,
    )
    from piquet_ref.machine.actions import (
        Action as Action, Allow as Allow, AskShow as AskShow, AskValue as AskValue, AskWhich as AskWhich, Call as Call,
        CallPoint as CallPoint, CallSequence as CallSequence, CallSet as CallSet, CallValue as CallValue, ChangeLead as
        ChangeLead, Correct as Correct, CorrectMiscall as CorrectMiscall, Elect as Elect, Exchange as Exchange,
        ExposeStock as ExposeStock, LayOut as LayOut, LeadOutOfTurn as LeadOutOfTurn, LeadSeveral as LeadSeveral, Leave
        as Leave, MixLeft as MixLeft, NameOut as NameOut, Overplay as Overplay, Play as Play, Reply as Reply, Retake as
        Retake, Revoke as Revoke, SeeDiscard as SeeDiscard, SeeLeft as SeeLeft, Show as Show, ShowBlanche as
        ShowBlanche, TakeUp as TakeUp, format_action as format_action, parse_action as parse_action,
    )
    from piquet_ref.machine.dialogue import Claim as Claim
    from piquet_ref.machine.multiple_lead import Surplus as Surplus
    from piquet_ref.machine.revokes import Revoked as Revoked
    from piquet_ref.machine.state import (
        DealState as DealState, apply as apply, legal_actions as legal_actions, new_deal as new_deal,
    )
    from piquet_ref.partie.result import (
        ChouetteLine as ChouetteLine, DealLine as DealLine, Decider as Decider, Game as Game, Partie as Partie,
        PartieResult as PartieResult, PartieResultJSON as PartieResultJSON,
    )
    from piquet_ref.partie.settlement import Settlement as Settlement, SettlementLine as SettlementLine
    from piquet_ref.partie.scoring import partie_json as partie_json, score_partie as score_partie
    from piquet_ref.protocol.forms import (
        ActionJSON as ActionJSON, ComparisonJSON as ComparisonJSON, DeclarationJSON as DeclarationJSON, EvaluationJSON as EvaluationJSON,
        EventJSON as EventJSON, LegalActionJSON as LegalActionJSON, LegalActionsJSON as LegalActionsJSON, PlayerScoreJSON as PlayerScoreJSON,
        ResultJSON as ResultJSON, StateJSON as StateJSON, TotalsJSON as TotalsJSON, CountJSON as CountJSON, OddsJSON as OddsJSON, TrickJSON as TrickJSON, VerdictJSON as VerdictJSON,
    )
    from piquet_ref.protocol.machine import legal_actions_json as legal_actions_json, state_json as state_json
    from piquet_ref.protocol.results import (
        comparison_json as comparison_json, evaluation_json as evaluation_json, result_json as result_json, result_text as result_text, totals_json as totals_json,
    )
    from piquet_ref.rules.errors import (
        CardError as CardError, DealError as DealError, DeclarationError as DeclarationError,
        ExchangeError as ExchangeError, PartieError as PartieError, PiquetError as PiquetError, PlayError as PlayError,
        ProtocolError as ProtocolError, RecordError as RecordError, SpecError as SpecError,
    )
    from piquet_ref.rules.loader import default_ruleset as default_ruleset, load_ruleset as load_ruleset
    from piquet_ref.rules.ruleset import Ruleset as Ruleset, Stake as Stake
    from piquet_ref.rules.tables import ruleset_ids as ruleset_ids


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'piquet_ref' has no attribute {shown(name)}")
    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
