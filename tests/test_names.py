"""Look-alike names: two players of one table never share a name to the eye (equal after
NFKC and case folding, spaces aside), and no text holds an invisible or direction character
(zero-width spaces and joiners, U+202E): each refused with a 400 naming the player."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

GAME = "storm-candidate"


def create(client: FlaskClient, names: list[str]) -> tuple[int, dict]:
    colours = ["red", "blue", "yellow", "green"]
    answer = client.post("/api/tables", json={"game": GAME, "players": [
        {"name": n, "colour": colours[i]} for i, n in enumerate(names)]})
    return answer.status_code, answer.get_json()


@pytest.mark.parametrize("first, second", [
    ("Ann", "Ann"),
    ("Ann", "ANN"),
    ("Ann", "\uff21\uff4e\uff4e"),           # fullwidth
    ("Ann", "An n"),
    ("Ren\u00e9", "Rene\u0301"),             # composed and decomposed
    ("\u1100\u1161", "\uac00"),              # Hangul jamo and its syllable
])
def test_names_equal_to_the_eye_are_refused(client: FlaskClient, first: str,
                                            second: str) -> None:
    status, body = create(client, [first, second, "Cy"])
    assert status == 400
    assert body["error"]["code"] == "same_name"
    assert body["error"]["message"].startswith("Player 2: the name")


@pytest.mark.parametrize("name", ["An\u200bn", "\u202eennA", "Ann\u200d", "\ufeffAnn",
                                  "Ann\u2066", "A\u200fnn"])
def test_invisible_and_direction_characters_are_refused(client: FlaskClient,
                                                        name: str) -> None:
    status, body = create(client, ["Bob", name, "Cy"])
    assert status == 400
    assert "invisible or direction character" in body["error"]["message"]


def test_different_names_still_play(client: FlaskClient) -> None:
    status, _body = create(client, ["Ann", "Anne", "Ana"])
    assert status == 201


def test_the_page_says_which_player_and_keeps_the_form(client: FlaskClient) -> None:
    answer = client.post(f"/new/{GAME}", data={"player.name": ["Ann", "ann", "Cy"],
                                               "player.colour": ["red", "blue", "yellow"]})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "Player 2: the name ann is already player 1" in page and 'value="Cy"' in page
