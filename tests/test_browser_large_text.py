"""Text at 200 % (the root font doubled, as a reader's large-text setting does) at 360 x 740, in
French (the longer words): a table page of every game, seated and hosted (the undo bar shown),
some way into the game, is no wider than the phone; its notes are whole (Mourir pour le Rock's
song, action notes and locked decades); the EN / FR / KO links keep apart; and once the page is
scrolled, what stays on the screen over it (the top bar, the undo bar) takes at most a quarter
of the screen's height."""

from __future__ import annotations

import pytest
from drive_tables import DrivenTable
from test_browser import PHONE_WIDTH, WIDER_THAN_THE_PHONE, drawn
from test_browser_next_step import hosted_table, seat_phone, shot

from companion.games import GAMES, get_game

pytestmark = pytest.mark.browser

# What covers the page once scrolled: the fixed or sticky bars, in px of the screen's height.
COVERED = """() => {
  let covered = 0;
  for (const el of document.querySelectorAll('.topbar, #undo-bar, .my-strip')) {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (!/sticky|fixed/.test(style.position) || !box.height) continue;
    if (box.bottom > 0 && box.top < innerHeight) {
      covered += Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
    }
  }
  return covered;
}"""

# Notes squeezed or cut: an action's note past its button, a button wider than its text
# allows, a locked decade's note narrower than a few words, the language links touching.
SQUEEZED = """() => {
  const out = [];
  for (const note of document.querySelectorAll('#my-turn .note')) {
    const button = note.closest('button');
    if (!button || !note.getClientRects().length) continue;
    const n = note.getBoundingClientRect(), b = button.getBoundingClientRect();
    if (n.right > b.right + 1 || n.left < b.left - 1
        || button.scrollWidth > button.clientWidth + 1) {
      out.push('note cut: ' + note.textContent.trim().slice(0, 30));
    }
  }
  for (const note of document.querySelectorAll('.locked-decade > summary > .muted')) {
    if (note.getClientRects().length && note.getBoundingClientRect().width < 150) {
      out.push('locked decade note squeezed: ' + Math.round(note.getBoundingClientRect().width));
    }
  }
  const texts = Array.from(document.querySelectorAll('.lang a, .lang span')).map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  });
  for (let i = 1; i < texts.length; i++) {
    if (texts[i].left - texts[i - 1].right < 8) out.push('language links run together');
  }
  return out;
}"""


def played(table: DrivenTable) -> None:
    """Some way into the game: Mourir pour le Rock to a song just rolled, the phone's seat to
    place the next cube (its actions, their notes, the locked decades on its screen); the
    others a dozen actions in."""
    if table.game_id == "mourir-pour-le-rock":
        table.until(lambda t: t.state.last_roll is not None and t.state.active == 0
                    and t.state.pending_event is None and t.state.rolls > 1, limit=600)
        return
    for _ in range(12):
        if table.over() or table.step() is None:
            break


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_table_page_at_200_percent_text_loses_nothing(live_server, new_phone, game_id):
    phone = new_phone()
    phone.goto(f"{live_server.url}/language/fr?next=/")
    seeded = any(option.name == "seed" for option in get_game(game_id).OPTIONS)
    table = hosted_table(phone, live_server, game_id, options={"seed": 3} if seeded else {})
    seat_phone(phone, live_server, table, 0)
    phone.goto("about:blank")  # played through the API meanwhile: no redraw at each action
    played(table)
    phone.goto(f"{live_server.url}/t/{table.id}")
    phone.evaluate("document.documentElement.style.fontSize = '200%'")
    drawn(phone)
    problems = []
    too_wide = phone.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
    if too_wide:
        problems.append(f"wider than {PHONE_WIDTH} px: {too_wide[:6]}")
    problems += phone.evaluate(SQUEEZED)
    assert phone.locator("#undo-bar").is_visible(), "the host's phone shows its undo bar"
    shot(phone, f"large-text-{game_id}-top")
    phone.evaluate("window.scrollTo(0, 900)")
    drawn(phone)
    covered = phone.evaluate(COVERED)
    if covered > 740 / 4:
        problems.append(f"the bars cover {covered:.0f} px of the 740 px screen")
    shot(phone, f"large-text-{game_id}-scrolled")
    if game_id == "mourir-pour-le-rock":
        song = phone.locator("#song-roll")
        song.scroll_into_view_if_needed()
        assert song.is_visible()
        shot(phone, "large-text-mourir-song")
    assert not problems, f"{game_id}: " + "\n".join(problems)
