"""The bundled example scores as Cavendish prints it."""

from pathlib import Path

import yaml

from piquet_ref import score_deal

EXAMPLE = Path(__file__).resolve().parent.parent / "piquet_ref" / "examples" / "cavendish-example.yaml"


def test_bundled_cavendish_example_scores_28_to_23() -> None:
    result = score_deal(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    assert (result.elder.total, result.younger.total) == (28, 23)
