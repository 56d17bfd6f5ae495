"""piquet-ref: the rules of Piquet as data, and a reference scorer built on them.

Public API: rulesets (`load_ruleset`, `default_ruleset`), cards (`parse_card(s)`, `format_card(s)`,
`hand_of`, `cards_of`), declarations (`evaluate_hand`, `point_of`, `sequences_of`, `sets_of`,
`compare_declarations`, `compare_hands`, `declared`), exchange (`discard_limits`, `check_discard`,
`exchange`), play (`legal_follows`, `check_trick`, `follower_wins`), the deal (`parse_record`,
`score_deal`, `result_text`, `result_json`), one deal under every ruleset (`compare_rulesets`), the
partie (`score_partie`, `partie_json`), and the typed errors under `PiquetError`.
"""

__version__ = "0.1.0"

from piquet_ref.hand.cards import Card, Hand, cards_of, format_card, format_cards, hand_of, parse_card, parse_cards
from piquet_ref.hand.declarations import (
    Comparison,
    DeclareChoice,
    HandEvaluation,
    compare_declarations,
    compare_hands,
    declared,
    evaluate_hand,
    point_of,
    sequences_of,
    sets_of,
)
from piquet_ref.hand.exchange import check_discard, discard_limits, exchange
from piquet_ref.hand.play import check_trick, follower_wins, legal_follows
from piquet_ref.rules.errors import (
    CardError,
    DealError,
    DeclarationError,
    ExchangeError,
    PiquetError,
    PlayError,
    ProtocolError,
    PartieError,
    RecordError,
    SpecError,
)
from piquet_ref.protocol.results import result_json, result_text
from piquet_ref.rules.loader import default_ruleset, load_ruleset, ruleset_ids
from piquet_ref.deal.record import DealRecord, parse_record
from piquet_ref.rules.ruleset import Ruleset
from piquet_ref.deal.scoring import DealResult, Event, score_deal
from piquet_ref.partie.scoring import PartieResult, partie_json, score_partie
from piquet_ref.deal.compare import compare_rulesets

__all__ = [
    "Card", "CardError", "Comparison", "DealError", "DealRecord", "DealResult", "DeclarationError",
    "DeclareChoice", "Event", "ExchangeError", "Hand", "HandEvaluation", "PiquetError", "PlayError",
    "ProtocolError", "RecordError", "Ruleset", "SpecError", "cards_of", "compare_declarations",
    "compare_hands", "declared", "default_ruleset", "evaluate_hand", "format_card", "format_cards",
    "hand_of", "load_ruleset", "parse_card", "parse_cards", "parse_record", "result_json", "result_text",
    "ruleset_ids", "score_deal", "__version__", "check_discard", "discard_limits", "exchange",
    "check_trick", "follower_wins", "legal_follows", "point_of", "sequences_of", "sets_of",
    "PartieError", "PartieResult", "partie_json", "score_partie", "compare_rulesets",
]
