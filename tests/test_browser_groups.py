"""A group with one thumb, in headless Chromium at 360 x 740: a group made and three players
added on the phone, a table started by tapping them (each in a row, with its colour), its
seats linked to the roster; the new-table page with the group's players still within two
screens in every game. Screenshots of the group page and of the new-table page with its
players, in English, French and Korean: ``test-artifacts/screenshots/groups-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from taps import Taps

from tests.test_browser import shot

pytestmark = pytest.mark.browser

SCREEN = 740
GAMES = ["casse-toi-pov-con", "edgar-et-lucien", "election-usa", "storm-candidate",
         "mourir-pour-le-rock"]
GROUP = {"en": "The Tuesday club", "fr": "Le club du mardi", "ko": "화요일 모임"}
PLAYERS = {"en": [("Ann", "blue", ""), ("Bob", "green", "🎸"), ("Cyrille Dupont", "red", "")],
           "fr": [("Anne", "blue", ""), ("Benoît", "green", "🎸"), ("Cécile Martin", "red", "")],
           "ko": [("김민지", "blue", ""), ("박서준", "green", "🎸"), ("이하늘", "red", "")]}


def make_group(phone: Any, base: str, lang: str, taps: Taps | None = None) -> str:
    """A group made from "Your groups" and its three players added; its link's path."""
    taps = taps or Taps(phone)
    phone.goto(f"{base}/language/{lang}?next=/groups")
    phone.fill("#group-name", GROUP[lang])
    taps.click("form[action$='/groups/new'] button[type=submit]")
    phone.wait_for_url("**/g/*")
    for name, colour, mark in PLAYERS[lang]:
        phone.fill("#new-name", name)
        taps.choose("#new-colour", colour)
        if mark:
            phone.fill("#new-mark", mark)
        with phone.expect_navigation():
            taps.click("#add-player button[type=submit]")
    return str(phone.url.split("#")[0].split("/", 3)[3])


def read(server: Any, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """Rows read from the live server's database."""
    engine = create_engine(f"sqlite:///{Path(server.log_path).parent / 'db.sqlite'}")
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.execute(text(sql), params)]
    finally:
        engine.dispose()


def seats_in_the_database(server: Any, table_id: str) -> list[tuple[Any, ...]]:
    """The table's seats that are roster players."""
    return read(server, "SELECT tp.seat, gp.name FROM table_players tp JOIN group_players gp"
                " ON gp.id = tp.group_player_id WHERE tp.table_id = :id ORDER BY tp.seat",
                id=table_id)


def zone_of_the_tables_group(server: Any, table_id: str) -> str:
    [(zone,)] = read(server, "SELECT g.time_zone FROM groups g JOIN tables t"
                     " ON t.group_id = g.id WHERE t.id = :id", id=table_id)
    return str(zone)


def test_a_table_starts_with_three_of_the_groups_players_in_four_taps(
        live_server: Any, new_phone: Any) -> None:
    phone = new_phone(timezone_id="Pacific/Auckland")
    taps = Taps(phone)
    make_group(phone, live_server.url, "en", taps)
    assert taps.count == 1 + 3 * 2  # make the group; a colour and "Add" for each player
    assert phone.locator("ol.roster > li").count() == 3
    phone.goto(f"{live_server.url}/new/storm-candidate")
    taps = Taps(phone)
    for name in ("Cyrille Dupont", "Ann", "Bob"):
        taps.click(phone.locator(f".roster-chips button[data-name='{name}']"))
    names = phone.locator("#player-rows input[name='player.name']")
    assert [names.nth(i).input_value() for i in range(3)] == ["Cyrille Dupont", "Ann", "Bob"]
    assert phone.locator(".roster-chips button[aria-pressed=true]").count() == 3
    taps.click(phone.locator("#new-table > button.primary"))
    phone.wait_for_url("**/t/*")
    assert taps.count == 4
    table_id = phone.url.rsplit("/", 1)[1]
    table = phone.request.get(f"{live_server.url}/api/tables/{table_id}").json()
    # each took the colour the roster gives it (the game has them all, and none was taken)
    assert [(p["name"], p["colour"]) for p in table["state"]["players"]] == [
        ("Cyrille Dupont", "red"), ("Ann", "blue"), ("Bob", "green")]
    assert seats_in_the_database(live_server, table_id) == [
        (0, "Cyrille Dupont"), (1, "Ann"), (2, "Bob")]
    # the group kept the phone's time zone, as the phone's browser reports it
    assert zone_of_the_tables_group(live_server, table_id) == "Pacific/Auckland"


def test_a_second_tap_takes_the_player_out_and_a_taken_colour_stays(
        live_server: Any, new_phone: Any) -> None:
    phone = new_phone()
    make_group(phone, live_server.url, "en")
    phone.goto(f"{live_server.url}/new/storm-candidate")
    names = phone.locator("#player-rows input[name='player.name']")
    colours = phone.locator("#player-rows select[name='player.colour']")
    assert names.count() == 2  # the game's fewest: a tapped player adds its own row
    names.nth(0).fill("Zoé")
    colours.nth(0).select_option("green")  # Bob's colour, taken by a typed name
    phone.locator(".roster-chips button[data-name='Bob']").click()
    assert names.nth(1).input_value() == "Bob" and colours.nth(1).input_value() == "blue"
    phone.locator(".roster-chips button[data-name='Ann']").click()  # a row of its own
    assert names.count() == 3 and names.nth(2).input_value() == "Ann"
    # Ann's blue is Bob's row's: no two named rows share a colour
    assert len({colours.nth(i).input_value() for i in range(3)}) == 3
    phone.locator(".roster-chips button[data-name='Bob']").click()
    assert names.nth(1).input_value() == ""
    assert phone.locator(".roster-chips button[data-name='Bob']").get_attribute(
        "aria-pressed") == "false"


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_group_page_and_the_players_offered_at_360_px(live_server: Any, new_phone: Any,
                                                          lang: str) -> None:
    phone = new_phone()
    make_group(phone, live_server.url, lang)
    shot(phone, f"groups-group-{lang}")
    phone.locator("#owner summary").click()
    phone.locator("ol.roster > li details summary").first.click()
    shot(phone, f"groups-group-open-{lang}")
    phone.locator("#delete").click()
    shot(phone, f"groups-delete-{lang}")
    phone.goto(f"{live_server.url}/groups")
    shot(phone, f"groups-list-{lang}")
    phone.goto(f"{live_server.url}/new/mourir-pour-le-rock")
    for name, _colour, _mark in PLAYERS[lang][:2]:
        phone.locator(f".roster-chips button[data-name='{name}']").click()
    shot(phone, f"groups-new-table-{lang}")


def test_every_new_table_page_with_a_group_fits_in_two_screens(live_server: Any,
                                                               new_phone: Any) -> None:
    phone = new_phone()
    make_group(phone, live_server.url, "fr")
    # a bigger group: six players, two lines of names
    for name in ("Delphine", "Étienne", "Françoise"):
        phone.fill("#new-name", name)
        with phone.expect_navigation():
            phone.locator("#add-player button[type=submit]").click()
    heights = {}
    for game in GAMES:
        phone.goto(f"{live_server.url}/new/{game}")
        assert phone.locator(".roster-chips button").count() == 6
        heights[game] = phone.evaluate("document.documentElement.scrollHeight")
    assert all(height <= 2 * SCREEN for height in heights.values()), heights
