"""Edgar & Lucien's map reads on every district colour: each pawn and owner square has a dark
outline (3:1 or more against every district colour, dimmed or not) inside a light halo (3:1
or more against the map's dark ground), its letter reads on its colour (4.5:1), and the rings
that show a tappable or chosen district stand out from the ground."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from companion.games import edgar_et_lucien as game

STATIC = Path(__file__).resolve().parent.parent / "companion" / "static"
# What an Edgar & Lucien page loads: the shared sheet, then the game's own.
CSS = re.sub(r"/\*.*?\*/", "", (STATIC / "app.css").read_text()
             + (STATIC / "games" / "edgar-et-lucien.css").read_text(), flags=re.S)
DIMMED = 0.6  # the opacity of a district a tap may not take, over the map's ground


def rule(selector: str, prop: str) -> str:
    """The last value the stylesheet gives ``prop`` in a rule whose selectors include
    ``selector``."""
    found = None
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", CSS):
        if selector in [s.strip() for s in selectors.split(",")]:
            match = re.search(rf"(?:^|;|\s){re.escape(prop)}\s*:\s*([^;]+)", body)
            if match:
                found = match.group(1).strip()
    assert found is not None, f"no {prop} for {selector} in the page's style sheets"
    return found


def rgb(colour: str) -> tuple[float, float, float]:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(colour: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def over(colour: tuple[float, float, float], ground: tuple[float, float, float],
         alpha: float) -> tuple[float, float, float]:
    return tuple(alpha * c + (1 - alpha) * g for c, g in zip(colour, ground, strict=True))  # type: ignore[return-value]


GROUND = rgb(rule("svg.fosko", "background"))
DISTRICTS = {kind: rgb(rule(f".fosko .{kind} > .cell", "fill")) for kind in game.DISTRICT_TYPES}
DISTRICTS |= {f"{kind} (dimmed)": over(colour, GROUND, DIMMED)
              for kind, colour in list(DISTRICTS.items())}
OUTLINE = rgb(rule(".fosko .piece", "stroke"))
HALO = rgb(rule(".fosko .halo", "stroke"))


def test_the_dimming_is_the_stylesheet_s() -> None:
    assert rule(".fosko[data-mode] .district:not(.pickable):not(.reach):not(.chosen) .cell",
                "opacity").strip() in (".6", "0.6") and DIMMED == 0.6


@pytest.mark.parametrize("district", sorted(DISTRICTS))
@pytest.mark.parametrize("player", sorted(game.DATA["colours"]))
def test_each_piece_outline_shows_on_each_district(player: str, district: str) -> None:
    """White pawns on cream Ivory included: the piece's own colour may melt into the
    district, its outline may not."""
    assert contrast(OUTLINE, DISTRICTS[district]) >= 3, (player, district)
    # The outline also sets the piece off from its own fill, whatever the colour.
    fill = rgb(game.DATA["colours"][player])
    assert max(contrast(OUTLINE, fill), contrast(HALO, fill)) >= 3


def test_the_halo_shows_on_the_dark_ground_between_districts() -> None:
    assert contrast(HALO, GROUND) >= 3
    assert contrast(HALO, OUTLINE) >= 3


@pytest.mark.parametrize("player", sorted(game.DATA["colours"]))
def test_each_pawn_letter_reads_on_its_colour(player: str) -> None:
    ink = rgb(rule(f".fosko .ink-{player}", "fill"))
    assert contrast(ink, rgb(game.DATA["colours"][player])) >= 4.5


def test_the_tap_rings_stand_out_from_the_ground() -> None:
    for selector in (".fosko .pickable .cell", ".fosko .chosen .cell"):
        assert contrast(rgb(rule(selector, "stroke")), GROUND) >= 3, selector


def test_every_pawn_and_owner_square_is_drawn_halo_first(app: Flask) -> None:
    """In the page: each piece (pawn or owner square) is a light halo under a dark-outlined
    shape, and each pawn carries its letter in the ink of its colour."""
    client = app.test_client()
    players = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Bob", "yellow"),
                                                     ("Cy", "blue"), ("Dee", "white"))]
    table = client.post("/api/tables", json={"game": game.ID, "players": players}).json
    for seat, district in enumerate(("opera-row", "coal-docks", "iron-bridge", "archives")):
        version = client.get(f"/api/tables/{table['id']}").json["version"]
        response = client.post(f"/api/tables/{table['id']}/actions", json={
            "expected_version": version,
            "action": {"type": "place", "seat": seat, "district": district}})
        assert response.status_code == 200, response.json
    page = client.get(f"/t/{table['id']}/live").get_data(as_text=True)
    pawns = re.findall(r'<g class="pawn-group" data-pawn="(\w+)" data-seat="(\d)"[^>]*>(.*?)</g>',
                       page, re.S)
    assert len(pawns) == 8
    for character, seat, body in pawns:
        shapes = re.findall(r'<(circle|rect)[^>]*class="(halo|piece)"', body)
        assert [kind for _shape, kind in shapes] == ["halo", "piece"], body
        assert {shape for shape, _kind in shapes} == {"circle" if character == "edgar" else "rect"}
        assert f'ink-{players[int(seat)]["colour"]}' in body
    owners = re.findall(r'<g class="owner" data-owner="(\d)">(.*?)</g>', page, re.S)
    assert sorted(seat for seat, _body in owners) == ["0", "1", "2", "3"]
    for _seat, body in owners:
        assert re.findall(r'class="(halo|piece)', body) == ["halo", "piece"]
