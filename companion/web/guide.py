"""Each game's phone guide in the app ("How to play this table with phones"): the file of
``docs/games/`` the README links to, in the page's language where the guide has it
(``companion.guides``)."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask_babel import get_locale

from .. import guides
from ..games import ALL_GAME_IDS, GAMES

guide_bp = Blueprint("guide", __name__)


@guide_bp.route("/guide/<game_id>")
def game_guide(game_id: str) -> str:
    if game_id not in ALL_GAME_IDS:
        abort(404)
    locale = get_locale()
    found = guides.guide(game_id, str(locale.language) if locale is not None else "en")
    if found is None:
        abort(404)
    return render_template("guide.html", guide=found, game_name=GAMES[game_id].NAME)
