"""The Edgar & Lucien print-and-play kit.

Every component of the rulebook's list, built from the data file the companion's engine
reads (``companion/games/data/edgar-et-lucien.toml``), so the map, the costs, the thresholds
and the cards on paper are the ones the app applies:

- both sides of the board (2–3 players, 4 players), drawn from the map file: one square per
  district with its type (colour and pattern) and name, thick coloured bars on the shared
  sides (the borders), the metro stations in their line's colour with the station they lead
  to, and a legend; each side tiled over several sheets;
- the popularity track 0..100 of the Fosko polling institute with the tally track;
- 4 play aids (the 8 administration-action boxes on the front, the turn summary on the back);
- the Manigance deck, the compendium's 15 cards, in French and in English (two decks, as in
  the box), the 4 certificates and the Heritage Protection card;
- the Cogs notes (45 of 10,000 and 15 of 50,000);
- 4 movement wheels to assemble (a base disc, two needles, a paper fastener), the Governor
  token, the first-player token and paper markers;
- the checklist and the rule sheet.

``--lang`` picks the language of everything but the two Manigance decks, which are printed
each in its own language.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games.base import load_data

from ..draw import background, end_marked, fill_rgb, mark_letters, marked, shows, stroke_rgb
from ..layout import (
    Card,
    CardBox,
    ChecklistRow,
    Document,
    Page,
    PrintSettings,
    contrast_ratio,
    hex_color,
    legible,
    plan_cut_tiles,
)
from ..text import (
    BuildError,
    FontSet,
    TextOverflow,
    draw_fitted,
    fit,
    string_width,
    symbol,
    text_box,
)
from ..texts import COMMON_TEXTS, localized
from .base import KitBase

GAME_ID = "edgar-et-lucien"
GAME_NAME = "Edgar & Lucien"
KIT_VERSION = "1.0"
LANGUAGES = ("en", "fr")

POKER = (63.0, 88.0)
PLAY_AID = (190.0, 130.0)
NOTE = (63.0, 33.0)
BOARD_HEIGHT_MM = 250.0
"""Both sides of the board have the same height, which fits one row of tiles on A4, Letter
and "universal" paper: each side prints on two sheets. The 4-player side, with more rows,
has smaller districts, as a printed double-sided board would."""
MAX_SQUARE_MM = 58.0
BOARD_MARGIN_MM = 5.0
LEGEND_MM = 20.0
BAR_MM = 4.6
"""Thickness of a border's coloured bar, centred on the side two districts share."""
BAR_GAP_MM = 8.5
"""Each end of a bar stops this far from the corner, so bars of two colours never touch."""
WHEEL_RADIUS_MM = 46.0
INFLUENCE_MM = 14.0
"""An influence token's diameter; the play aid's spots are a millimetre wider."""
PAWN = (22.0, 84.0)
"""A fold-over pawn: a base tab, the figure, the same figure upside down, a base tab."""
PAWN_TAB_MM = 12.0

TYPE_COLORS = {"ivory": "#f3e9cc", "steel": "#b9c3cc", "administration": "#d9c4e6"}
TYPE_INK = {"ivory": "#b89b52", "steel": "#5f6d7a", "administration": "#6e4a87"}
MANIGANCE_COLOR = "#7a1f2b"
CERTIFICATE_COLOR = "#8c6a11"
"""Dark enough for white text on it and for its own text on the certificate's cream, 4.5:1."""
HERITAGE_COLOR = "#2f5d50"
NOTE_COLORS = {10_000: "#4f8a5b", 50_000: "#7b4f9a"}
PAPER = "#f8f4ea"
DARK = "#222222"
CONDITION_SYMBOLS = {"dandy": "⚙", "collector": "⌂", "bureaucrat": "⚖", "zealot": "♛"}

# Kit texts; {placeholders} come from the game data, so numbers are defined once.
TEXTS: dict[str, dict[str, str]] = {
    **COMMON_TEXTS,
    # component names (footers and the checklist)
    "board": {"en": "Board, {players} players", "fr": "Plateau, {players} joueurs"},
    "track": {"en": "Popularity track", "fr": "Piste de popularité"},
    "aids": {"en": "Play aids", "fr": "Aides de jeu"},
    "cards": {"en": "Manigance decks + certificates",
              "fr": "Paquets Manigance + certificats"},
    "deck_fr": {"en": "Manigance deck, French", "fr": "Paquet Manigance, français"},
    "deck_en": {"en": "Manigance deck, English", "fr": "Paquet Manigance, anglais"},
    "certificates_row": {"en": "Certificates + Heritage Protection card",
                         "fr": "Certificats + carte Protection du Patrimoine"},
    "notes": {"en": "Cogs notes", "fr": "Billets de Rouages"},
    "wheels": {"en": "Movement wheels + tokens", "fr": "Roues de déplacement + jetons"},
    "wheels_row": {"en": "Movement wheels", "fr": "Roues de déplacement"},
    "influence": {"en": "Influence tokens", "fr": "Jetons d'influence"},
    "influence_count": {"en": "64 (16 per colour)", "fr": "64 (16 par couleur)"},
    "pawns": {"en": "Pawns", "fr": "Pions"},
    "pawns_count": {"en": "8 (4 Edgar, 4 Lucien)", "fr": "8 (4 Edgar, 4 Lucien)"},
    "pawn_base": {"en": "base", "fr": "socle"},
    "how_pawns": {"en": "Cut out, fold on the dashed lines, glue the figure back to back",
                  "fr": "Découper, plier aux pointillés, coller la figure dos à dos"},
    "tokens_row": {"en": "Governor, first player, markers",
                   "fr": "Gouverneur, premier joueur, marqueurs"},
    # checklist
    "how_board": {"en": "Cut the dashed lines; glue each tile on the grey strip, edge on "
                        "the black line",
                  "fr": "Coupez les pointillés ; collez sur la bande grise, bord sur le "
                        "trait noir"},
    "how_page": {"en": "Use as is, or glue on card stock",
                 "fr": "Tel quel, ou collé sur du carton"},
    "how_aids": {"en": "Cut along the crop marks; double-sided",
                 "fr": "Couper aux traits de coupe ; recto verso"},
    "how_cards": {"en": "Cut along the crop marks; double-sided",
                  "fr": "Couper aux traits de coupe ; recto verso"},
    "how_wheels": {"en": "Cut out, pierce, assemble with a paper fastener",
                   "fr": "Découper, percer, assembler avec une attache parisienne"},
    "how_tokens": {"en": "Cut out along the circles", "fr": "Découper le long des cercles"},
    "how_rules": {"en": "Keep at hand; scan the QR codes",
                  "fr": "À garder sous la main ; scannez les QR codes"},
    "tiles_count": {"en": "{n} tiles", "fr": "{n} morceaux"},
    "wheels_count": {"en": "4 discs + 8 needles", "fr": "4 disques + 8 aiguilles"},
    "tokens_count": {"en": "1 + 1 + 5", "fr": "1 + 1 + 5"},
    "bring_title": {"en": "Also bring", "fr": "À apporter aussi"},
    "bring": {
        "en": "• 4 paper fasteners (split pins), one per movement wheel.\n"
              "To make the kit: scissors or a craft knife and a glue stick; card stock makes "
              "the wheels, tokens and pawns last.",
        "fr": "• 4 attaches parisiennes, une par roue de déplacement.\n"
              "Pour fabriquer le kit : des ciseaux ou un cutter et un bâton de colle ; du "
              "carton rend les roues, les jetons et les pions plus solides.",
    },
    # colours
    "colour_red": {"en": "red", "fr": "rouge"},
    "colour_blue": {"en": "blue", "fr": "bleu"},
    "colour_yellow": {"en": "yellow", "fr": "jaune"},
    "colour_green": {"en": "green", "fr": "vert"},
    "colour_white": {"en": "white", "fr": "blanc"},
    # the board
    "board_title": {"en": "Fosko — board for {players} players",
                    "fr": "Fosko — plateau pour {players} joueurs"},
    "type_ivory": {"en": "Ivory", "fr": "Ivoire"},
    "type_steel": {"en": "Steel", "fr": "Acier"},
    "type_administration": {"en": "Administration", "fr": "Administration"},
    "tax_ivory": {"en": "+{n} popularity", "fr": "+{n} popularité"},
    "tax_steel": {"en": "+{n} Cogs", "fr": "+{n} Rouages"},
    "tax_administration": {"en": "no tax", "fr": "pas d'impôt"},
    "legend_ivory": {"en": "Ivory district: at the tax collection, +{n} popularity",
                     "fr": "Quartier Ivoire : à la collecte, +{n} de popularité"},
    "legend_steel": {"en": "Steel district: at the tax collection, +{n} Cogs",
                     "fr": "Quartier Acier : à la collecte, +{n} Rouages"},
    "legend_administration": {
        "en": "Administration district: the actions of the play aid; no tax",
        "fr": "Quartier Administration : les actions de l'aide de jeu ; pas d'impôt"},
    "legend_border": {
        "en": "Border: a needle on this colour and the border icon crosses it",
        "fr": "Frontière : l'aiguille sur cette couleur et l'icône frontière la franchit"},
    "legend_metro": {
        "en": "Metro station: the needle on the metro of this colour goes to the other station",
        "fr": "Station de métro : l'aiguille sur le métro de cette couleur mène à l'autre "
              "station"},
    "who_does": {"en": "{who}: {action}", "fr": "{who} : {action}"},
    "metro_to": {"en": "→ {name}", "fr": "→ {name}"},
    # the popularity track
    "track_title": {"en": "Popularity track of the Fosko polling institute",
                    "fr": "Piste de popularité de l'institut de sondage de Fosko"},
    "track_help": {
        "en": "Popularity always moves by steps of {step}: one space is {step} points. Every "
              "marker starts on {start}.",
        "fr": "La popularité change toujours par pas de {step} : une case vaut {step} points. "
              "Tous les marqueurs partent de {start}."},
    "track_start": {"en": "start", "fr": "départ"},
    "track_zealot": {"en": "Grand Zealot (with the Governor token)",
                     "fr": "Grand Zélateur (avec le jeton Gouverneur)"},
    "track_edgar": {"en": "Edgar's administration action: needs {n}",
                    "fr": "Action d'administration d'Edgar : il faut {n}"},
    "track_doubled": {"en": "Edgar's action doubled by City Hall: needs {n}",
                      "fr": "Action d'Edgar doublée par l'Hôtel de Ville : il faut {n}"},
    "tally_title": {"en": "Tally track", "fr": "Piste de décompte"},
    "turn": {"en": "Turn {n}", "fr": "Tour {n}"},
    "tally_last": {
        "en": "then tax collection and Governor election; back to turn 1",
        "fr": "puis collecte des impôts et élection du Gouverneur ; retour au tour 1"},
    # play aids
    "aid_title": {"en": "Play aid", "fr": "Aide de jeu"},
    "aid_help": {
        "en": "Put an influence token in a box when you perform its action: once per "
              "Electoral Period. Clear the boxes after the Governor election.",
        "fr": "Posez un jeton d'influence dans une case quand vous faites son action : une "
              "fois par période électorale. Videz les cases après l'élection du Gouverneur."},
    "edgar_head": {"en": "Edgar — each action: −{n} popularity (needs {n})",
                   "fr": "Edgar — chaque action : −{n} de popularité (il en faut {n})"},
    "lucien_head": {"en": "Lucien — no popularity cost",
                    "fr": "Lucien — sans coût en popularité"},
    "cost_edgar": {"en": "−{n} popularity", "fr": "−{n} popularité"},
    "cost_lucien": {"en": "free", "fr": "gratuit"},
    "cost_support": {"en": "{n} popularity in all", "fr": "{n} de popularité en tout"},
    "summary_title": {"en": "Turn summary", "fr": "Résumé du tour"},
    "summary_turn": {
        "en": "1. Programming: in secret, point each needle at Immobile, a border colour or "
              "a metro colour.\n"
              "2. Movement: everyone turns the wheels over at once; in turn order, each "
              "character crosses the border or takes the metro of its colour; a colour the "
              "district does not have: it stays.\n"
              "3. Actions: in turn order, each character may act once, in any order.",
        "fr": "1. Programmation : en secret, pointez chaque aiguille sur Immobile, une couleur "
              "de frontière ou une couleur de métro.\n"
              "2. Déplacement : tout le monde retourne sa roue en même temps ; dans l'ordre du "
              "tour, chaque personnage franchit la frontière ou prend le métro de sa couleur ; "
              "si le quartier n'a pas cette couleur, il reste.\n"
              "3. Actions : dans l'ordre du tour, chaque personnage peut agir une fois, dans "
              "l'ordre de votre choix."},
    "summary_edgar": {
        "en": "Edgar: rob a Lucien on his district (half the Cogs, rounded up to {unit}; not "
              "when that Lucien's Edgar is there); play one Manigance card; an "
              "administration action.",
        "fr": "Edgar : voler un Lucien sur son quartier (la moitié des Rouages, arrondie à "
              "{unit} au-dessus ; pas si l'Edgar de ce Lucien est là) ; jouer une carte "
              "Manigance ; une action d'administration."},
    "summary_lucien": {
        "en": "Lucien: buy his district, {city} to the bank when neutral, {player} to its "
              "owner (not when protected); an administration action.",
        "fr": "Lucien : acheter son quartier, {city} à la banque s'il est neutre, {player} à "
              "son propriétaire (pas s'il est protégé) ; une action d'administration."},
    "summary_each_title": {"en": "Each turn", "fr": "Chaque tour"},
    "summary_actions_title": {"en": "Ordinary actions", "fr": "Actions ordinaires"},
    "summary_end_title": {"en": "After turn {turns}", "fr": "Après le tour {turns}"},
    "summary_end": {
        "en": "Tax collection, in turn order: +{ivory} popularity per Ivory district, +{steel} "
              "Cogs per Steel district (a player may win here).\n"
              "Governor election: the most popularity wins; a tie: open auction in steps of "
              "{step}, only the winner pays. The Governor plays last; the first-player token "
              "passes left; clear the play aids; tally back to turn 1.",
        "fr": "Collecte des impôts, dans l'ordre du tour : +{ivory} de popularité par quartier "
              "Ivoire, +{steel} Rouages par quartier Acier (on peut gagner ici).\n"
              "Élection du Gouverneur : la plus forte popularité gagne ; égalité : enchères "
              "ouvertes par pas de {step}, seul le gagnant paie. Le Gouverneur joue en "
              "dernier ; le jeton premier joueur passe à gauche ; videz les aides de jeu ; "
              "décompte au tour 1."},
    "summary_win_title": {"en": "Victory: 3 of the 4 conditions at once",
                          "fr": "Victoire : 3 des 4 conditions en même temps"},
    "summary_win_note": {"en": "A certificate you hold stands in for its condition.",
                         "fr": "Un certificat détenu vaut sa condition."},
    # cards
    "effect": {"en": "EFFECT", "fr": "EFFET"},
    "condition": {"en": "CONDITION", "fr": "CONDITION"},
    "deck_name": {"en": "English deck", "fr": "Paquet français"},
    "certificate": {"en": "CERTIFICATE", "fr": "CERTIFICAT"},
    "certificate_back": {"en": "Certificate", "fr": "Certificat"},
    "certificate_note": {
        "en": "Stands in for this condition while you hold it. Taken at the Central Bank; "
              "one per player per Electoral Period.",
        "fr": "Vaut cette condition tant que vous le détenez. Pris à la Banque Centrale ; "
              "un par joueur et par période électorale."},
    "governor_and": {"en": "Governor + {n} popularity", "fr": "Gouverneur + {n} de popularité"},
    "threshold_n": {"en": "{n}\u00a0players:\u00a0{v}", "fr": "{n}\u00a0joueurs\u00a0:\u00a0{v}"},
    "heritage_effect": {
        "en": "While you hold this card, your districts cannot be bought, requisitioned or "
              "targeted by a Manigance card. Intimidation still works.",
        "fr": "Tant que vous détenez cette carte, vos quartiers ne peuvent être ni achetés, "
              "ni réquisitionnés, ni visés par une carte Manigance. L'Intimidation fonctionne "
              "toujours."},
    "heritage_note": {
        "en": "Turn your influence tokens to their padlock face. Another Lucien taking this "
              "action at the Archives takes the card.",
        "fr": "Retournez vos jetons d'influence sur leur face cadenas. Un autre Lucien qui "
              "fait cette action aux Archives prend la carte."},
    # notes
    "cogs": {"en": "Cogs", "fr": "Rouages"},
    "bank": {"en": "Bank of Fosko", "fr": "Banque de Fosko"},
    # wheels and tokens
    "wheel_title": {"en": "Movement wheels ({n}/2)", "fr": "Roues de déplacement ({n}/2)"},
    "immobile": {"en": "Immobile", "fr": "Immobile"},
    "kind_border": {"en": "border", "fr": "frontière"},
    "kind_metro": {"en": "metro", "fr": "métro"},
    "pierce": {"en": "pierce", "fr": "percer"},
    "wheel_player": {"en": "{colour} player", "fr": "joueur {colour}"},
    "wheel_steps": {
        "en": "Assembly, for each wheel:\n"
              "1. Cut out the base disc and its two needles along their outlines (glue them "
              "on card stock first if you can).\n"
              "2. Pierce the centre of the disc and the hole of each needle at the cross "
              "(a pencil point, over an eraser).\n"
              "3. Stack, from the bottom: the disc, Lucien's long needle, Edgar's short "
              "needle. Push a paper fastener through the three holes from the front and open "
              "its legs behind the disc, not too tight: the needles must turn.\n"
              "To program a move, point the needle at a sector: Immobile, a border colour "
              "(bar icon: cross the border of that colour) or a metro colour (M icon: take "
              "that line to its other station). Then lay the wheel face down.",
        "fr": "Montage, pour chaque roue :\n"
              "1. Découpez le disque et ses deux aiguilles en suivant leur contour (collez-les "
              "d'abord sur du carton si possible).\n"
              "2. Percez le centre du disque et le trou de chaque aiguille, à la croix (une "
              "pointe de crayon, sur une gomme).\n"
              "3. Empilez, de bas en haut : le disque, la grande aiguille de Lucien, la petite "
              "aiguille d'Edgar. Passez une attache parisienne dans les trois trous par "
              "l'avant et ouvrez ses pattes derrière le disque, sans trop serrer : les "
              "aiguilles doivent tourner.\n"
              "Pour programmer un déplacement, pointez l'aiguille sur un secteur : Immobile, "
              "une couleur de frontière (icône barre : franchir la frontière de cette couleur) "
              "ou une couleur de métro (icône M : prendre cette ligne jusqu'à son autre "
              "station). Puis posez la roue face cachée."},
    "governor": {"en": "Governor", "fr": "Gouverneur"},
    "governor_note": {"en": "plays last", "fr": "joue en dernier"},
    "first_player": {"en": "First player", "fr": "Premier joueur"},
    "markers": {"en": "Markers: popularity (4 colours) and tally (black)",
                "fr": "Marqueurs : popularité (4 couleurs) et décompte (noir)"},
    "tokens_help": {"en": "Cut out along the circles.", "fr": "Découpez le long des cercles."},
}


def text(key: str, lang: str, **values: Any) -> str:
    return localized(TEXTS, key, lang, **values)


def amount(value: int, lang: str) -> str:
    """A number of Cogs as the language writes it: 50,000 or 50 000."""
    written = f"{value:,}"
    return written.replace(",", "\u00a0") if lang == "fr" else written


def field(item: Mapping[str, Any], name: str, lang: str) -> str:
    return str(item.get(f"{name}_{lang}") or item[f"{name}_en"])


# --------------------------------------------------------------------------- data


def data() -> Mapping[str, Any]:
    """The game data, checked for what the kit needs; BuildError names what is wrong."""
    d = load_data(GAME_ID)
    try:
        colours = d["border_colours"]
        for side in d["sides"]:
            comp = f"board {side['key']}"
            squares: dict[str, tuple[int, int]] = {}
            for district in side["districts"]:
                if district["type"] not in TYPE_COLORS:
                    raise BuildError(f"unknown district type {district['type']!r}", comp)
                if not (0 <= district["col"] < side["cols"] and 0 <= district["row"]
                        < side["rows"]):
                    raise BuildError(f"{district['id']} lies outside the grid", comp)
                square = (district["col"], district["row"])
                if square in squares.values():
                    raise BuildError(f"two districts on the square {square}", comp)
                squares[district["id"]] = square
            for border in side["borders"]:
                a, b = border["districts"]
                if a not in squares or b not in squares:
                    raise BuildError(f"a border names an unknown district: {a}, {b}", comp)
                (ca, ra), (cb, rb) = squares[a], squares[b]
                if abs(ca - cb) + abs(ra - rb) != 1:
                    raise BuildError(f"{a} and {b} do not share a side", comp)
                if border["colour"] not in colours:
                    raise BuildError(f"unknown border colour {border['colour']!r}", comp)
            for line in side["metro"]:
                if line["colour"] not in colours or len(line["stations"]) != 2:
                    raise BuildError(f"a metro line needs a known colour and two stations: "
                                     f"{line}", comp)
                for station in line["stations"]:
                    if station not in squares:
                        raise BuildError(f"unknown metro station {station!r}", comp)
            for admin in d["administration"]:
                if admin["district"] not in squares:
                    raise BuildError(f"the place {admin['district']!r} of {admin['id']} is "
                                     "not on the board", comp)
        if len(d["administration"]) != 8:
            raise BuildError(f"{len(d['administration'])} administration actions, the play "
                             "aid has 8 boxes", "play aids")
        for note in d["money"]["notes"]:
            if note["value"] not in NOTE_COLORS:
                raise BuildError(f"no design for a note of {note['value']}", "Cogs notes")
        for condition in d["conditions"]:
            if condition["id"] not in CONDITION_SYMBOLS:
                raise BuildError(f"no design for the condition {condition['id']!r}",
                                 "certificates")
    except KeyError as exc:
        raise BuildError(f"the data file lacks {exc}", GAME_ID) from None
    return d


def manigance_copies(d: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """One entry per printed card: the compendium's cards, each as many times as it counts."""
    return [card for card in d["manigance"] for _ in range(card["count"])]


def popularity_step(d: Mapping[str, Any]) -> int:
    """The space of the popularity track: the largest step every popularity number of the
    game (start, bounds, costs, gains, tax) is a multiple of: 10 points."""
    gains = d["gains"]
    numbers = [d["start"]["popularity"], d["popularity"]["min"], d["popularity"]["max"],
               d["costs"]["edgar_administration"], d["costs"]["doubled_administration"],
               gains["populist_speech"], gains["popular_support"],
               gains["discredit_popularity"], d["tax"]["ivory_popularity"]]
    return math.gcd(*numbers) or 1


def players_label(side: Mapping[str, Any]) -> str:
    """The player counts of a board side as printed: "2–3" or "4"."""
    low, high = min(side["players"]), max(side["players"])
    return f"{low}–{high}" if low != high else str(low)


def square_mm(side: Mapping[str, Any]) -> float:
    """The side of a district's square on this side of the board."""
    return min(MAX_SQUARE_MM, (BOARD_HEIGHT_MM - 2 * BOARD_MARGIN_MM - LEGEND_MM) / side["rows"])


def board_lines_mm(side: Mapping[str, Any]) -> tuple[list[float], list[float]]:
    """Where the board may be cut to tile it: between two columns of districts (and
    between two rows, above the legend), never through a district, its text or a metro
    disc."""
    square = square_mm(side)
    xs = [BOARD_MARGIN_MM + k * square for k in range(1, side["cols"])]
    ys = [BOARD_MARGIN_MM + k * square for k in range(1, side["rows"])]
    return xs, ys


def board_size_mm(side: Mapping[str, Any]) -> tuple[float, float]:
    square = square_mm(side)
    return (side["cols"] * square + 2 * BOARD_MARGIN_MM,
            side["rows"] * square + 2 * BOARD_MARGIN_MM + LEGEND_MM)


# --------------------------------------------------------------------------- drawing


def ink_on(color: str) -> str:
    """Dark or white text, whichever contrasts more with ``color``."""
    return DARK if contrast_ratio(DARK, color) > contrast_ratio("#ffffff", color) else "#ffffff"


def type_ink(kind: str, factor: float) -> str:
    """The text colour of a district type: its ink, darkened by ``factor`` and as much more
    as 4.5:1 on the type's ground needs (and so on white paper in low ink)."""
    return legible(darker(TYPE_INK[kind], factor), TYPE_COLORS[kind])


def darker(color: str, factor: float = 0.6) -> str:
    r, g, b = hex_color(color)
    return "#{:02x}{:02x}{:02x}".format(*(round(v * factor * 255) for v in (r, g, b)))


def border_icon(c: Canvas, cx: float, cy: float, size: float, bar: str,
                ink: str = DARK) -> None:
    """A border: a thick bar with a double arrow across it."""
    c.saveState()
    c.setLineWidth(0.7)
    stroke_rgb(c, ink)
    fill_rgb(c, bar)
    c.rect(cx - size * 0.14, cy - size / 2, size * 0.28, size, stroke=1, fill=1)
    c.setLineWidth(max(0.8, size * 0.07))
    c.line(cx - size * 0.5, cy, cx + size * 0.5, cy)
    fill_rgb(c, ink)
    for direction in (-1, 1):
        tip = cx + direction * size * 0.55
        path = c.beginPath()
        path.moveTo(tip, cy)
        path.lineTo(tip - direction * size * 0.2, cy + size * 0.14)
        path.lineTo(tip - direction * size * 0.2, cy - size * 0.14)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def metro_icon(c: Canvas, cx: float, cy: float, r: float, color: str, fonts: FontSet,
               component: str, inverse: bool = False) -> None:
    """A metro station: a disc of the line's colour with an M (``inverse``: a white disc
    with an M of the line's colour, for a background of that colour)."""
    c.saveState()
    c.setLineWidth(0.7)
    stroke_rgb(c, DARK)
    fill_rgb(c, "#ffffff" if inverse else color)
    c.circle(cx, cy, r, stroke=1, fill=1)
    if inverse:
        fill_rgb(c, legible(darker(color, 0.6)) if ink_on(color) == DARK else legible(color))
    else:
        fill_rgb(c, ink_on(color))
    text_box(c, "M", cx - r, cy - r, 2 * r, 2 * r, fonts=fonts, size=r * 1.45 / 1.0,
             min_size=3, component=component, bold=True, align="center", valign="middle",
             max_lines=1)
    c.restoreState()


def padlock(c: Canvas, cx: float, cy: float, size: float, color: str, low_ink: bool) -> None:
    """The padlock of the Heritage Protection."""
    c.saveState()
    stroke_rgb(c, color)
    c.setLineWidth(size * 0.11)
    body_w, body_h = size * 0.8, size * 0.58
    c.arc(cx - size * 0.27, cy - size * 0.05, cx + size * 0.27, cy + size * 0.62, 0, 180)
    c.line(cx - size * 0.27, cy + size * 0.28, cx - size * 0.27, cy + size * 0.05)
    c.line(cx + size * 0.27, cy + size * 0.28, cx + size * 0.27, cy + size * 0.05)
    fill_rgb(c, color)
    c.setLineWidth(size * 0.05)
    c.roundRect(cx - body_w / 2, cy - body_h, body_w, body_h, size * 0.08, stroke=1,
                fill=0 if low_ink else 1)
    fill_rgb(c, color if low_ink else "#ffffff")
    c.circle(cx, cy - body_h * 0.42, size * 0.08, stroke=0, fill=1)
    c.rect(cx - size * 0.03, cy - body_h * 0.8, size * 0.06, body_h * 0.38, stroke=0, fill=1)
    c.restoreState()


def pierce_mark(c: Canvas, cx: float, cy: float) -> None:
    """Where the paper fastener goes through."""
    c.saveState()
    c.setLineWidth(0.5)
    stroke_rgb(c, DARK)
    c.setFillColorRGB(1, 1, 1)
    c.circle(cx, cy, 1.4 * mm, stroke=1, fill=1)
    c.line(cx - 2.2 * mm, cy, cx + 2.2 * mm, cy)
    c.line(cx, cy - 2.2 * mm, cx, cy + 2.2 * mm)
    c.restoreState()


# --------------------------------------------------------------------------- components


class Kit(KitBase):
    """Builds the documents of one kit for one set of print settings."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None) -> None:
        super().__init__(settings, base_url)
        self.d = data()
        self.colours: Mapping[str, str] = self.d["border_colours"]
        self.player_colours: Mapping[str, str] = self.d["colours"]
        # each colour's mark on its pieces: a greyscale print tells red and blue apart by it
        self.marks = mark_letters({c: self.colour_name(c) for c in self.d["players"]["colours"]})
        # Administration districts have the same id on both sides: their names come from
        # the first side that has them.
        self.places = {dist["id"]: dist for side in reversed(self.d["sides"])
                       for dist in side["districts"]}

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def colour_name(self, colour: str, lang: str | None = None) -> str:
        return text(f"colour_{colour}", lang or self.lang)

    def money(self, value: int) -> str:
        return amount(value, self.lang)

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Every component, then the rule sheet; the rows of the checklist."""
        from ..rulesheet import add_rule_sheet

        rows: list[tuple[str, str, int, int, str]] = []
        blank = self.t("blank")

        def section(names: Sequence[tuple[str, ...]], how: str,
                    add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            printed = [i + 1 for i in range(start, len(doc.pages))
                       if doc.pages[i].component != blank
                       and doc.pages[i].side != "back"]
            first, last = (printed[0], printed[-1]) if printed else (start + 1, len(doc.pages))
            for name, count, *own in names:
                rows.append((name, count, first, last, own[0] if own else how))

        for side in self.d["sides"]:
            players = players_label(side)
            name = self.t("board", players=players)
            w, h = board_size_mm(side)
            tiles: list[int] = []

            def add_side(side: Mapping[str, Any] = side, players: str = players,
                         name: str = name, w: float = w, h: float = h,
                         tiles: list[int] = tiles) -> None:
                lines = board_lines_mm(side)
                plan = plan_cut_tiles(self.s.page_size, w * mm, h * mm,
                                      [v * mm for v in lines[0]], [v * mm for v in lines[1]])
                cuts = sorted({t.bx / mm for t in plan if t.col > 0})
                drawn = doc.add_board(w, h, self.board_drawer(side, players, cuts),
                                      component=name, lines_mm=lines)
                tiles.append(len(drawn))

            section([(name, "")], self.t("how_board"), add_side)
            rows[-1] = (rows[-1][0], self.t("tiles_count", n=tiles[0]), *rows[-1][2:])
        section([(self.t("track"), "1")], self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("track"), self.track_drawer())))
        section([(self.t("aids"), "4")], self.t("how_aids"),
                lambda: doc.add_cards(self.play_aids(), PLAY_AID, component=self.t("aids"),
                                      backs=backs))
        deck = manigance_copies(self.d)
        section([(self.t("deck_fr"), str(len(deck))), (self.t("deck_en"), str(len(deck))),
                 (self.t("certificates_row"), f"{len(self.d['conditions'])} + 1")],
                self.t("how_cards"),
                lambda: doc.add_cards(self.manigance_cards("fr") + self.manigance_cards("en")
                                      + self.certificates() + [self.heritage_card()], POKER,
                                      component=self.t("cards"), backs=backs))
        notes = " + ".join(str(n["count"]) for n in self.d["money"]["notes"])
        section([(self.t("notes"), notes)], self.t("how_cards"),
                lambda: doc.add_cards(self.notes(), NOTE, component=self.t("notes"),
                                      backs=backs))
        section([(self.t("influence"), self.t("influence_count"))], self.t("how_cards"),
                lambda: doc.add_cards(self.influence_tokens(), (INFLUENCE_MM, INFLUENCE_MM),
                                      component=self.t("influence"), backs=backs))
        section([(self.t("pawns"), self.t("pawns_count"))], self.t("how_pawns"),
                lambda: doc.add_cards(self.pawns(), PAWN, component=self.t("pawns"),
                                      backs=backs))
        section([(self.t("wheels_row"), self.t("wheels_count")),
                 (self.t("tokens_row"), self.t("tokens_count"), self.t("how_tokens"))],
                self.t("how_wheels"),
                lambda: self.add_wheels(doc))
        doc.start_sheet()
        section([(self.t("rules"), "1")], self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    # ------------------------------------------------------------------ pieces

    def influence_tokens(self) -> list[Card]:
        """16 tokens per player colour: the symbol face up on a district, the padlock face
        for the holder of the Heritage Protection; duplex, registered like the cards."""
        count = self.d["influence"]["tokens"]
        return [Card(f"influence-{colour}-{n + 1}", self.influence_face(colour, False),
                     self.influence_face(colour, True))
                for colour in self.d["players"]["colours"] for n in range(count)]

    def influence_face(self, colour: str, locked: bool) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('influence')}: {self.colour_name(colour)}"
        player = self.player_colours[colour]

        def draw(c: Canvas, box: CardBox) -> None:
            w = box.width
            r = w / 2 - 0.4 * mm
            ink = legible(player) if box.low_ink else ink_on(player)
            # the ring in the symbol's ink on the colour (white on red and blue, dark on
            # yellow and white), so every colour's token is ringed alike; on white paper
            # in low ink, the colour itself, darkened to show
            if box.low_ink:
                outline = DARK if colour == "white" else legible(player, ratio=3.0)
            else:
                outline = ink
            c.saveState()
            if not box.low_ink:
                fill_rgb(c, player)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, w + 2 * box.bleed,
                       stroke=0, fill=1)
            stroke_rgb(c, outline)
            c.setLineWidth(1.0)
            c.circle(w / 2, w / 2, r, stroke=1, fill=0)
            if locked:
                padlock(c, w / 2, w / 2 + 2.6 * mm, 5.6 * mm, ink, True)
            else:
                fill_rgb(c, ink)
                symbol(c, "⚜", w / 2, w / 2 + 1.6 * mm, 6.5 * mm, comp)
            fill_rgb(c, ink)
            text_box(c, self.colour_name(colour), 1.5 * mm, 1.6 * mm, w - 3 * mm, 3 * mm,
                     fonts=box.fonts, size=6, min_size=6, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            c.restoreState()
        return draw

    def pawns(self) -> list[Card]:
        return [Card(f"pawn-{who}-{colour}", self.pawn(who, colour))
                for who in ("edgar", "lucien") for colour in self.d["players"]["colours"]]

    def pawn(self, who: str, colour: str) -> Callable[[Canvas, CardBox], None]:
        """A fold-over standee: the figure twice, head to head across the middle fold, and
        a base tab at each end; folded, the figures are glued back to back and the tabs
        open out as its base."""
        name = "Edgar" if who == "edgar" else "Lucien"
        comp = f"{self.t('pawns')}: {name} {self.colour_name(colour)}"
        player = self.player_colours[colour]
        mark = self.marks[colour]

        def figure(c: Canvas, w: float, h: float, box: CardBox) -> None:
            """One face, feet at y = 0, head towards y = h."""
            ink = legible(player) if box.low_ink else ink_on(player)
            fill_rgb(c, ink)
            stroke_rgb(c, ink)
            cx = w / 2
            c.circle(cx, h - 8.5 * mm, 3.6 * mm, stroke=0, fill=1)
            body = c.beginPath()
            body.moveTo(cx - 6 * mm, 7.5 * mm)
            body.lineTo(cx - 4 * mm, h - 13 * mm)
            body.lineTo(cx + 4 * mm, h - 13 * mm)
            body.lineTo(cx + 6 * mm, 7.5 * mm)
            body.close()
            c.drawPath(body, stroke=0, fill=1)
            if who == "edgar":  # a top hat
                c.rect(cx - 3 * mm, h - 5.6 * mm, 6 * mm, 4.2 * mm, stroke=0, fill=1)
                c.rect(cx - 4.6 * mm, h - 5.8 * mm, 9.2 * mm, 0.9 * mm, stroke=0, fill=1)
            else:  # a bow tie
                fill_rgb(c, player if not box.low_ink else "#ffffff")
                tie = c.beginPath()
                tie.moveTo(cx, h - 14.5 * mm)
                tie.lineTo(cx - 2.4 * mm, h - 13.3 * mm)
                tie.lineTo(cx - 2.4 * mm, h - 15.7 * mm)
                tie.lineTo(cx + 2.4 * mm, h - 13.3 * mm)
                tie.lineTo(cx + 2.4 * mm, h - 15.7 * mm)
                tie.close()
                c.drawPath(tie, stroke=0, fill=1)
            # the colour's mark on the chest, black on white: it reads in any grey
            chest = h - 19.2 * mm  # under Lucien's bow tie
            fill_rgb(c, "#ffffff")
            stroke_rgb(c, DARK)
            c.setLineWidth(0.5)
            c.circle(cx, chest, 3.2 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK)
            text_box(c, mark, cx - 3 * mm, chest - 2.5 * mm, 6 * mm, 5 * mm, fonts=box.fonts,
                     size=9 if len(mark) == 1 else 6, min_size=6, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            fill_rgb(c, ink)
            text_box(c, name.upper(), 1 * mm, 1.2 * mm, w - 2 * mm, 5 * mm, fonts=box.fonts,
                     size=7, min_size=6, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            tab = PAWN_TAB_MM * mm
            panel = (h - 2 * tab) / 2
            c.saveState()
            if not box.low_ink:
                fill_rgb(c, player)
                c.rect(-box.bleed, tab, w + 2 * box.bleed, 2 * panel, stroke=0, fill=1)
                fill_rgb(c, "#eeeeee")
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, tab + box.bleed, stroke=0,
                       fill=1)
                c.rect(-box.bleed, h - tab, w + 2 * box.bleed, tab + box.bleed, stroke=0,
                       fill=1)
            stroke_rgb(c, DARK if colour == "white" or box.low_ink else legible(player))
            c.setLineWidth(0.8)
            c.rect(0.4, 0.4, w - 0.8, h - 0.8, stroke=1, fill=0)
            # fold lines
            c.setLineWidth(0.5)
            stroke_rgb(c, DARK)
            c.setDash(2, 1.5)
            for y in (tab, tab + panel, h - tab):
                c.line(0, y, w, y)
            c.setDash()
            c.saveState()
            c.translate(0, tab)
            figure(c, w, panel, box)
            c.restoreState()
            c.saveState()
            c.translate(w, h - tab)
            c.rotate(180)
            figure(c, w, panel, box)
            c.restoreState()
            fill_rgb(c, DARK)
            for y, turn in ((tab / 2, 0), (h - tab / 2, 180)):
                c.saveState()
                c.translate(w / 2, y)
                c.rotate(turn)
                text_box(c, self.t("pawn_base"), -w / 2 + 1 * mm, -2.5 * mm, w - 2 * mm,
                         5 * mm, fonts=box.fonts, size=6, min_size=6, component=comp,
                         align="center", valign="middle", max_lines=2)
                c.restoreState()
            c.restoreState()
        return draw

    def add_single(self, doc: Document, page: Page) -> None:
        """A one-sided page: in duplex it starts a sheet and gets an empty back."""
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    # ------------------------------------------------------------------ checklist

    def checklist_title(self) -> str:
        return f"{GAME_NAME} — {self.t('checklist_title')}"

    # ------------------------------------------------------------------ the board

    def board_drawer(self, side: Mapping[str, Any], players: str,
                     cuts_mm: Sequence[float] = ()) -> Callable[[Canvas], None]:
        comp = self.t("board", players=players)
        low_ink = self.s.low_ink
        w_mm, h_mm = board_size_mm(side)
        width, height = w_mm * mm, h_mm * mm
        square = square_mm(side) * mm
        margin = BOARD_MARGIN_MM * mm
        rows = side["rows"]
        districts = {d["id"]: d for d in side["districts"]}
        stations: dict[str, list[tuple[str, str]]] = {}
        for line in side["metro"]:
            a, b = line["stations"]
            stations.setdefault(a, []).append((line["colour"], b))
            stations.setdefault(b, []).append((line["colour"], a))
        actions_at: dict[str, list[Mapping[str, Any]]] = {}
        for admin in self.d["administration"]:
            actions_at.setdefault(admin["district"], []).append(admin)
        tax = self.d["tax"]
        tax_text = {"ivory": self.t("tax_ivory", n=tax["ivory_popularity"]),
                    "steel": self.t("tax_steel", n=self.money(tax["steel_cogs"])),
                    "administration": self.t("tax_administration")}

        def corner(dist: Mapping[str, Any]) -> tuple[float, float]:
            return margin + dist["col"] * square, margin + (rows - 1 - dist["row"]) * square

        def draw(c: Canvas) -> None:
            c.saveState()
            if not low_ink:
                fill_rgb(c, PAPER)
                c.rect(0, 0, width, height, stroke=0, fill=1)
            c.setLineWidth(1.2)
            stroke_rgb(c, DARK)
            c.rect(margin / 2, margin / 2, width - margin, height - margin, stroke=1, fill=0)
            c.restoreState()
            self.board_legend(c, comp, players, margin, margin + rows * square + 2 * mm,
                              width - 2 * margin, LEGEND_MM * mm - 2 * mm,
                              [v * mm for v in cuts_mm])
            for dist in side["districts"]:
                x, y = corner(dist)
                if not shows(c, x, y, square, square):
                    continue  # on another tile
                marked(c, "District", f"{side['key']}:{dist['id']}")
                self.district(c, dist, x, y, square, tax_text[dist["type"]],
                              actions_at.get(dist["id"], []), stations.get(dist["id"], []),
                              districts, comp)
                end_marked(c)
            for border in side["borders"]:
                a, b = (districts[k] for k in border["districts"])
                self.border_bar(c, corner(a), corner(b), square, border["colour"], comp,
                                [v * mm for v in cuts_mm])
        return draw

    def district(self, c: Canvas, dist: Mapping[str, Any], x: float, y: float, square: float,
                 tax_text: str, actions: Sequence[Mapping[str, Any]],
                 stations: Sequence[tuple[str, str]], districts: Mapping[str, Any],
                 comp: str) -> None:
        fonts = self.fonts
        low_ink = self.s.low_ink
        kind = dist["type"]
        inset = 1.4 * mm
        x0, y0, side = x + inset, y + inset, square - 2 * inset
        c.saveState()
        fill_rgb(c, TYPE_COLORS[kind])
        stroke_rgb(c, DARK)
        c.setLineWidth(0.8)
        c.rect(x0, y0, side, side, stroke=1, fill=0 if low_ink else 1)
        pad, name_h, label_h = 4.6 * mm, 10 * mm, 3.6 * mm
        # the type's pattern, visible in grey and in low ink too; the name and the type
        # label stay on a plain ground
        clip = c.beginPath()
        if kind == "administration":
            clip.rect(x0, y0, side, side)
        else:
            clip.rect(x0, y + pad + label_h, side, square - 2 * pad - label_h - name_h)
        c.clipPath(clip, stroke=0, fill=0)
        stroke_rgb(c, TYPE_INK[kind])
        fill_rgb(c, TYPE_INK[kind])
        if kind == "steel":
            c.setLineWidth(0.35)
            step = 4 * mm
            k = -side
            while k < side:
                c.line(x0 + k, y0, x0 + k + side, y0 + side)
                k += step
        elif kind == "ivory":
            step = 5 * mm
            for i in range(int(side // step) + 1):
                for j in range(int(side // step) + 1):
                    c.circle(x0 + (i + 0.5 + 0.5 * (j % 2)) * step, y0 + (j + 0.5) * step,
                             0.35 * mm, stroke=0, fill=1)
        else:
            c.setLineWidth(1.2)
            c.rect(x0 + 1.1 * mm, y0 + 1.1 * mm, side - 2.2 * mm, side - 2.2 * mm, stroke=1,
                   fill=0)
        c.restoreState()
        inner_w = square - 2 * pad
        c.saveState()
        name = field(dist, "name", self.lang)
        fill_rgb(c, DARK)
        text_box(c, name, x + pad, y + square - pad - name_h, inner_w, name_h, fonts=fonts,
                 size=11 if square > 50 * mm else 9.5, min_size=6, component=f"{comp}: {name}",
                 bold=True, align="center", valign="top", max_lines=2)
        fill_rgb(c, type_ink(kind, 0.8))
        label = f"{self.t('type_' + kind).upper()} · {tax_text}"
        try:
            text_box(c, label, x + pad, y + pad - 1.2 * mm, inner_w, label_h, fonts=fonts,
                     size=6.5, min_size=6, component=f"{comp}: {name}", bold=True,
                     align="center", valign="bottom", max_lines=1)
        except TextOverflow:  # the narrower regular weight, still 6 pt
            text_box(c, label, x + pad, y + pad - 1.2 * mm, inner_w, label_h, fonts=fonts,
                     size=6.5, min_size=6, component=f"{comp}: {name}", align="center",
                     valign="bottom", max_lines=1)
        r = 3.3 * mm
        metro_y = y + pad + label_h + 0.6 * mm  # bottom of the lowest station
        for i, (colour, other) in enumerate(stations):
            cx, cy = x + pad + r, metro_y + r + i * (2 * r + 1.2 * mm)
            label = self.t("metro_to", name=field(districts[other], "name", self.lang))
            lx, lw = cx + r + 1.2 * mm, inner_w - 2 * r - 1.2 * mm
            fitted = fit(label, fonts.bold, lw, 2 * r, size=7.5, min_size=5,
                         component=f"{comp}: {name}", max_lines=2)
            plate_w = max(string_width(line, fonts.bold, fitted.size) for line in fitted.lines)
            c.saveState()
            fill_rgb(c, "#ffffff" if low_ink else TYPE_COLORS[kind])
            c.roundRect(lx - 0.8 * mm, cy - fitted.height / 2 - 1 * mm, plate_w + 1.6 * mm,
                        fitted.height + 2 * mm, 1 * mm, stroke=0, fill=1)
            c.restoreState()
            metro_icon(c, cx, cy, r, self.colours[colour], fonts, comp)
            fill_rgb(c, DARK)
            draw_fitted(c, fitted, fonts.bold, lx, cy - r, lw, 2 * r, valign="middle",
                        bold=True, faux_bold=fonts.faux_bold)
        if actions:
            lines = []
            for admin in sorted(actions, key=lambda a: a["character"]):
                who = "Edgar" if admin["character"] == "edgar" else "Lucien"
                lines.append(self.t("who_does", who=who, action=field(admin, "name",
                                                                      self.lang)))
            low = metro_y + len(stations) * (2 * r + 1.2 * mm) + 0.5 * mm
            high = y + square - pad - name_h - 0.5 * mm
            fill_rgb(c, type_ink(kind, 0.7))
            text_box(c, "\n".join(lines), x + pad, low, inner_w, high - low, fonts=fonts,
                     size=7.5, min_size=4.8, component=f"{comp}: {name}", align="center",
                     valign="middle")
        c.restoreState()

    def border_bar(self, c: Canvas, a: tuple[float, float], b: tuple[float, float],
                   square: float, colour: str, comp: str, cuts: Sequence[float] = ()) -> None:
        """A thick bar of the border's colour over the side two squares share, with the
        colour's initial so it reads in grey too. On a line the board is cut at
        (``cuts``), the bar lies wholly on its left, so no initial is split."""
        bar, gap = BAR_MM * mm, BAR_GAP_MM * mm
        (ax, ay), (bx, by) = a, b
        if ay == by:  # side by side: a vertical bar on the shared side
            sx = max(ax, bx)
            on_cut = any(abs(sx - v) < 0.01 for v in cuts)
            rect = (sx - (bar if on_cut else bar / 2), ay + gap, bar, square - 2 * gap)
        else:  # one above the other: a horizontal bar
            sy = max(ay, by)
            rect = (ax + gap, sy - bar / 2, square - 2 * gap, bar)
        if not shows(c, *rect):
            return  # on another tile
        color = self.colours[colour]
        c.saveState()
        fill_rgb(c, color)
        stroke_rgb(c, DARK)
        c.setLineWidth(0.6)
        c.roundRect(*rect, radius=1.2 * mm, stroke=1, fill=1)
        fill_rgb(c, ink_on(color))
        initial = self.colour_name(colour)[0].upper()
        rx, ry, rw, rh = rect
        if rw > rh:
            spots = [(rx + rw * f, ry + rh / 2) for f in (0.2, 0.5, 0.8)]
        else:
            spots = [(rx + rw / 2, ry + rh * f) for f in (0.2, 0.5, 0.8)]
        for sx_, sy_ in spots:
            text_box(c, initial, sx_ - bar / 2, sy_ - bar / 2, bar, bar, fonts=self.fonts,
                     size=7.5, min_size=5, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
        c.restoreState()

    def board_legend(self, c: Canvas, comp: str, players: str, x: float, y: float,
                     width: float, height: float, cuts: Sequence[float] = ()) -> None:
        """The title and the five legend items; with ``cuts`` (board x of the lines the
        board is tiled at), no item straddles one: each part holds whole items."""
        fonts = self.fonts
        tax = self.d["tax"]
        items = ["ivory", "steel", "administration", "border", "metro"]
        edges = [x] + [v for v in cuts if x < v < x + width] + [x + width]
        title_w = min(78 * mm, width * 0.27)
        if len(edges) > 2:
            title_w = min(title_w, (edges[1] - edges[0]) * 0.4)
        # how many items each part holds: the split that leaves the narrowest item widest
        room = [edges[i + 1] - edges[i] - (title_w if i == 0 else 0)
                for i in range(len(edges) - 1)]
        best: tuple[float, list[int]] = (-1.0, [])

        def splits(n: int, parts: int) -> list[list[int]]:
            if parts == 1:
                return [[n]]
            return [[k] + rest for k in range(n + 1) for rest in splits(n - k, parts - 1)]

        for split in splits(len(items), len(room)):
            widths = [r / k for r, k in zip(room, split, strict=True) if k]
            if widths and min(widths) > best[0]:
                best = (min(widths), split)
        slots: list[tuple[float, float]] = []  # (left, width) of each item
        for i, k in enumerate(best[1]):
            left = edges[i] + (title_w if i == 0 else 0) + (1.5 * mm if i > 0 else 0)
            span = edges[i + 1] - left - (1.5 * mm if i < len(room) - 1 else 0)
            slots += [(left + j * span / k, span / k) for j in range(k)]
        c.saveState()
        fill_rgb(c, DARK)
        if shows(c, x, y, title_w, height):
            text_box(c, GAME_NAME, x, y + height / 2, title_w, height / 2, fonts=fonts,
                     size=16, min_size=9, component=comp, bold=True, valign="bottom",
                     max_lines=1)
            text_box(c, self.t("board_title", players=players), x, y, title_w,
                     height / 2 - 1 * mm, fonts=fonts, size=9.5, min_size=6, component=comp,
                     valign="top", max_lines=2)
        swatch = 9 * mm
        for (ix, item_w), item in zip(slots, items, strict=True):
            cy = y + height / 2
            if not shows(c, ix, y, item_w, height):
                continue  # on another tile
            if item in TYPE_COLORS:
                fill_rgb(c, TYPE_COLORS[item])
                stroke_rgb(c, TYPE_INK[item])
                c.setLineWidth(1.0)
                c.rect(ix, cy - swatch / 2, swatch, swatch, stroke=1,
                       fill=0 if self.s.low_ink else 1)
                values = {"ivory": {"n": tax["ivory_popularity"]},
                          "steel": {"n": self.money(tax["steel_cogs"])},
                          "administration": {}}[item]
                label = self.t(f"legend_{item}", **values)
            elif item == "border":
                for k, colour in enumerate(self.colours.values()):
                    fill_rgb(c, colour)
                    stroke_rgb(c, DARK)
                    c.setLineWidth(0.4)
                    c.rect(ix + k * 2.4 * mm, cy - swatch / 2, 1.9 * mm, swatch, stroke=1,
                           fill=1)
                label = self.t("legend_border")
            else:
                for k, colour in enumerate(self.colours.values()):
                    metro_icon(c, ix + 2 * mm + (k % 2) * 4.6 * mm,
                               cy + (2.3 if k < 2 else -2.3) * mm, 2.1 * mm, colour, fonts, comp)
                label = self.t("legend_metro")
            fill_rgb(c, DARK)
            text_box(c, label, ix + swatch + 1.8 * mm, y, item_w - swatch - 3.5 * mm, height,
                     fonts=fonts, size=7.5, min_size=5, component=comp, valign="middle")
        c.restoreState()

    # ------------------------------------------------------------------ popularity track

    def track_drawer(self) -> Callable[[Canvas], None]:
        comp = self.t("track")
        fonts = self.fonts
        low_ink = self.s.low_ink
        page_w, page_h = self.s.page_size
        pop = self.d["popularity"]
        start = self.d["start"]["popularity"]
        costs = self.d["costs"]
        zealot = next((cond.get("popularity") for cond in self.d["conditions"]
                       if cond["id"] == "zealot"), None)
        step = popularity_step(self.d)
        values = list(range(pop["max"], pop["min"] - 1, -step))
        notes: dict[int, list[str]] = {}
        notes.setdefault(start, []).append(self.t("track_start").upper())
        if zealot is not None:
            notes.setdefault(zealot, []).append(self.t("track_zealot"))
        notes.setdefault(costs["doubled_administration"], []).append(
            self.t("track_doubled", n=costs["doubled_administration"]))
        notes.setdefault(costs["edgar_administration"], []).append(
            self.t("track_edgar", n=costs["edgar_administration"]))
        turns = self.d["period"]["turns"]

        def draw(c: Canvas) -> None:
            left = 15 * mm
            top = page_h - 12 * mm
            fill_rgb(c, DARK)
            text_box(c, f"{GAME_NAME} — {self.t('track_title')}", left, top - 9 * mm,
                     page_w - 2 * left, 9 * mm, fonts=fonts, size=14, min_size=8,
                     component=comp, bold=True, valign="middle", max_lines=1)
            text_box(c, self.t("track_help", start=start, step=step), left, top - 16 * mm,
                     page_w - 2 * left, 6 * mm, fonts=fonts, size=8.5, min_size=6,
                     component=comp, valign="middle", max_lines=2)
            space_h = min(21 * mm, (top - 20 * mm - 16 * mm) / len(values))
            track_w = (page_w - 2 * left) * 0.64
            y_top = top - 20 * mm
            c.setLineWidth(0.9)
            for i, value in enumerate(values):
                y = y_top - (i + 1) * space_h
                shade = 0.97 - 0.25 * value / max(1, pop["max"])
                c.saveState()
                stroke_rgb(c, DARK)
                if not low_ink:
                    c.setFillColorRGB(1, shade, shade * 0.9)
                    c.rect(left, y, track_w, space_h, stroke=1, fill=1)
                else:
                    c.rect(left, y, track_w, space_h, stroke=1, fill=0)
                if value == start:
                    stroke_rgb(c, "#2f7d4f")
                    c.setLineWidth(2.2)
                    c.rect(left + 1.2 * mm, y + 1.2 * mm, track_w - 2.4 * mm,
                           space_h - 2.4 * mm, stroke=1, fill=0)
                c.restoreState()
                fill_rgb(c, DARK)
                text_box(c, str(value), left + 1 * mm, y, 20 * mm, space_h, fonts=fonts,
                         size=20, min_size=10, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
                c.setLineWidth(0.4)
                c.line(left + 22 * mm, y + 2 * mm, left + 22 * mm, y + space_h - 2 * mm)
                if value in notes:
                    fill_rgb(c, DARK)
                    text_box(c, "\n".join(notes[value]), left + track_w - 58 * mm, y + 1 * mm,
                             56 * mm, space_h - 2 * mm, fonts=fonts, size=8.5, min_size=5,
                             component=comp, bold=value == start, align="right",
                             valign="middle")
            # the tally track, to the right of the same track
            tx = left + track_w + 8 * mm
            tw = page_w - left - tx
            fill_rgb(c, DARK)
            text_box(c, self.t("tally_title"), tx, y_top - 8 * mm, tw, 7 * mm, fonts=fonts,
                     size=11, min_size=7, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
            box_h = min(38 * mm, (len(values) * space_h - 12 * mm) / turns)
            for n in range(1, turns + 1):
                y = y_top - 10 * mm - n * box_h
                c.saveState()
                c.setLineWidth(0.9)
                stroke_rgb(c, DARK)
                c.setFillColorRGB(0.93, 0.93, 0.93)
                c.rect(tx, y, tw, box_h, stroke=1, fill=0 if low_ink else 1)
                c.restoreState()
                fill_rgb(c, DARK)
                text_box(c, self.t("turn", n=n), tx + 1 * mm,
                         y + box_h * (0.45 if n == turns else 0.1), tw - 2 * mm,
                         box_h * (0.5 if n == turns else 0.8), fonts=fonts, size=14,
                         min_size=8, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
                if n == turns:
                    text_box(c, self.t("tally_last"), tx + 2 * mm, y + 1.5 * mm, tw - 4 * mm,
                             box_h * 0.45 - 1.5 * mm, fonts=fonts, size=7.5, min_size=5,
                             component=comp, align="center", valign="middle")
        return draw

    # ------------------------------------------------------------------ play aids

    def play_aids(self) -> list[Card]:
        return [Card(f"aid-{colour}", self.aid_front(colour), self.aid_back(colour))
                for colour in self.d["players"]["colours"]]

    def aid_front(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('aids')}: {self.colour_name(colour)}"
        player = self.player_colours[colour]
        costs = self.d["costs"]
        by_character = {who: [a for a in self.d["administration"] if a["character"] == who]
                        for who in ("edgar", "lucien")}

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fcfaf5")
            band = 14 * mm
            self.colour_band(c, box, player, band)
            fill_rgb(c, ink_on(player) if not box.low_ink else DARK)
            text_box(c, f"{GAME_NAME} — {self.t('aid_title')} "
                        f"({self.colour_name(colour)})", safe + 1 * mm, h - safe - 6.5 * mm,
                     w - 2 * safe - 2 * mm, 6 * mm, fonts=fonts, size=12, min_size=7,
                     component=comp, bold=True, valign="middle", max_lines=1)
            text_box(c, self.t("aid_help"), safe + 1 * mm, h - band + 0.5 * mm,
                     w - 2 * safe - 2 * mm, band - safe - 7 * mm, fonts=fonts, size=7,
                     min_size=5, component=comp, valign="middle", max_lines=2)
            col_w = (w - 2 * safe - 4 * mm) / 2
            head_h = 6 * mm
            top = h - band - 2 * mm
            gap = 1.8 * mm
            box_h = (top - head_h - safe - 3 * gap) / 4
            for k, who in enumerate(("edgar", "lucien")):
                cx = safe + k * (col_w + 4 * mm)
                fill_rgb(c, DARK)
                head = (self.t("edgar_head", n=costs["edgar_administration"]) if who == "edgar"
                        else self.t("lucien_head"))
                text_box(c, head, cx, top - head_h, col_w, head_h, fonts=fonts, size=9,
                         min_size=6, component=comp, bold=True, valign="middle", max_lines=1)
                for i, admin in enumerate(by_character[who]):
                    by = top - head_h - (i + 1) * box_h - i * gap
                    self.action_box(c, admin, cx, by, col_w, box_h - 0.5 * mm, box.low_ink,
                                    comp)
        return draw

    def colour_band(self, c: Canvas, box: CardBox, color: str, band: float) -> None:
        w, h = box.width, box.height
        c.saveState()
        if box.low_ink:
            stroke_rgb(c, darker(color, 0.8) if color != self.player_colours["white"] else DARK)
            c.setLineWidth(1.4)
            c.rect(box.safe, h - band, w - 2 * box.safe, band - box.safe, stroke=1, fill=0)
        else:
            fill_rgb(c, color)
            c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0, fill=1)
            if ink_on(color) == DARK:
                stroke_rgb(c, "#999999")
                c.setLineWidth(0.6)
                c.line(-box.bleed, h - band, w + box.bleed, h - band)
        c.restoreState()

    def action_box(self, c: Canvas, admin: Mapping[str, Any], x: float, y: float, w: float,
                   h: float, low_ink: bool, comp: str) -> None:
        fonts = self.fonts
        costs = self.d["costs"]
        place = field(self.places[admin["district"]], "name", self.lang)
        if admin["character"] == "edgar":
            cost = self.t("cost_edgar", n=costs["edgar_administration"])
        elif admin["id"] == "political_support":
            cost = self.t("cost_support", n=costs["doubled_administration"])
        else:
            cost = self.t("cost_lucien")
        c.saveState()
        stroke_rgb(c, TYPE_INK["administration"])
        fill_rgb(c, "#f1e9f6")
        c.setLineWidth(0.8)
        c.roundRect(x, y, w, h, 1.5 * mm, stroke=1, fill=0 if low_ink else 1)
        # the spot for the influence token
        r = (INFLUENCE_MM + 1) / 2 * mm  # a printed influence token fits, 0.5 mm around
        if 2 * r > h - 2 * mm:
            raise BuildError("an action box is lower than an influence token", comp)
        c.setDash(1.5, 1.2)
        c.setFillColorRGB(1, 1, 1)
        marked(c, "TokenSpot", f"{admin['id']}:{2 * r / mm:.2f}")
        c.circle(x + 2 * mm + r, y + h / 2, r, stroke=1, fill=1)
        end_marked(c)
        c.setDash()
        c.restoreState()
        tx = x + 4 * mm + 2 * r
        tw = w - (tx - x) - 1.5 * mm
        name = field(admin, "name", self.lang)
        fill_rgb(c, DARK)
        text_box(c, name, tx, y + h - 5.2 * mm, tw * 0.58, 4.6 * mm, fonts=fonts, size=8.5,
                 min_size=6, component=f"{comp}: {name}", bold=True, valign="middle",
                 max_lines=1)
        fill_rgb(c, TYPE_INK["administration"])
        text_box(c, cost, tx + tw * 0.58, y + h - 5.2 * mm, tw * 0.42, 4.6 * mm, fonts=fonts,
                 size=7.5, min_size=5, component=f"{comp}: {name}", bold=True, align="right",
                 valign="middle", max_lines=1)
        text_box(c, f"⌂ {place}", tx, y + h - 9 * mm, tw, 3.8 * mm, fonts=fonts, size=7,
                 min_size=5, component=f"{comp}: {name}", valign="middle", max_lines=1)
        fill_rgb(c, "#333333")
        text_box(c, field(admin, "text", self.lang), tx, y + 0.8 * mm, tw, h - 10 * mm,
                 fonts=fonts, size=6.8, min_size=4.8, component=f"{comp}: {name}",
                 valign="middle", leading=1.15)

    def aid_back(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('aids')}: {self.colour_name(colour)} ({self.t('backs')})"
        player = self.player_colours[colour]
        d = self.d
        costs, tax, money = d["costs"], d["tax"], d["money"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fcfaf5")
            band = 10 * mm
            self.colour_band(c, box, player, band)
            fill_rgb(c, ink_on(player) if not box.low_ink else DARK)
            text_box(c, f"{GAME_NAME} — {self.t('summary_title')}", safe + 1 * mm,
                     h - band + 0.5 * mm, w - 2 * safe - 2 * mm, band - safe - 0.5 * mm,
                     fonts=fonts, size=12, min_size=7, component=comp, bold=True,
                     valign="middle", max_lines=1)
            col_w = (w - 2 * safe - 6 * mm) / 2
            top = h - band - 2.5 * mm
            rx = safe + col_w + 6 * mm
            c.saveState()
            stroke_rgb(c, "#bbbbbb")
            c.setLineWidth(0.5)
            c.line(rx - 3 * mm, safe, rx - 3 * mm, top)
            c.restoreState()
            head = 6 * mm
            wins = "\n".join(f"{CONDITION_SYMBOLS[cond['id']]} {field(cond, 'name', self.lang)}"
                             f": {field(cond, 'text', self.lang)}" for cond in d["conditions"])
            columns = (
                (safe, ((self.t("summary_each_title"), self.t("summary_turn")),
                        (self.t("summary_actions_title"),
                         self.t("summary_edgar", unit=self.money(money["unit"])) + "\n"
                         + self.t("summary_lucien", city=self.money(costs["buy_from_city"]),
                                  player=self.money(costs["buy_from_player"]))))),
                (rx, ((self.t("summary_end_title", turns=d["period"]["turns"]),
                       self.t("summary_end", ivory=tax["ivory_popularity"],
                              steel=self.money(tax["steel_cogs"]),
                              step=self.money(d["auction"]["step"]))),
                      (self.t("summary_win_title"),
                       wins + "\n" + self.t("summary_win_note")))),
            )
            gap = 3 * mm
            for bx, blocks in columns:
                # one size for the column, the largest at which its blocks fit one under
                # the other
                size = 10.0
                while True:
                    fitted = [fit(body, fonts.regular, col_w, 10_000, size=size,
                                  min_size=size, component=comp, leading=1.25)
                              for _, body in blocks]
                    total = sum(head + f.height + gap for f in fitted)
                    if total <= top - safe or size <= 5.25:
                        break
                    size -= 0.25
                if total > top - safe:
                    raise TextOverflow("the turn summary does not fit the play aid", comp)
                y = top
                for (title, _), body_fit in zip(blocks, fitted, strict=True):
                    fill_rgb(c, DARK)
                    text_box(c, title, bx, y - head, col_w, head, fonts=fonts, size=10.5,
                             min_size=6, component=comp, bold=True, valign="middle",
                             max_lines=1)
                    y -= head + 0.6 * mm
                    draw_fitted(c, body_fit, fonts.regular, bx, y - body_fit.height, col_w,
                                body_fit.height)
                    y -= body_fit.height + gap
        return draw

    # ------------------------------------------------------------------ cards

    def manigance_cards(self, lang: str) -> list[Card]:
        copies = manigance_copies(self.d)
        back = self.manigance_back(lang)
        return [Card(f"manigance-{lang}-{i + 1:02d}-{card['id']}",
                     self.manigance_front(card, lang, i + 1, len(copies)), back)
                for i, card in enumerate(copies)]

    def manigance_front(self, card: Mapping[str, Any], lang: str, number: int, total: int
                        ) -> Callable[[Canvas, CardBox], None]:
        name = field(card, "name", lang)
        comp = f"{text('deck_' + lang, self.lang)}: {name}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fbf5ea")
            band = 19 * mm
            if box.low_ink:
                stroke_rgb(c, MANIGANCE_COLOR)
                c.setLineWidth(1.4)
                c.rect(safe, h - band, w - 2 * safe, band - safe, stroke=1, fill=0)
                fill_rgb(c, MANIGANCE_COLOR)
            else:
                fill_rgb(c, MANIGANCE_COLOR)
                c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0,
                       fill=1)
                c.setFillColorRGB(1, 1, 1)
            text_box(c, name.upper(), safe + 1 * mm, h - band + 1 * mm, w - 2 * safe - 2 * mm,
                     band - safe - 1.5 * mm, fonts=fonts, size=12.5, min_size=7,
                     component=comp, bold=True, align="center", valign="middle", max_lines=2)
            y = h - band - 3 * mm
            for label, body, size, height in (
                    (text("effect", lang), field(card, "effect", lang), 10, 31 * mm),
                    (text("condition", lang), field(card, "condition", lang), 9, 22 * mm)):
                fill_rgb(c, MANIGANCE_COLOR)
                text_box(c, label, safe + 1 * mm, y - 4 * mm, w - 2 * safe - 2 * mm, 4 * mm,
                         fonts=fonts, size=7, min_size=5, component=comp, bold=True,
                         valign="middle", max_lines=1)
                c.saveState()
                stroke_rgb(c, MANIGANCE_COLOR)
                c.setLineWidth(0.5)
                c.line(safe + 1 * mm, y - 4.6 * mm, w - safe - 1 * mm, y - 4.6 * mm)
                c.restoreState()
                fill_rgb(c, DARK)
                text_box(c, body, safe + 1 * mm, y - 5.5 * mm - height, w - 2 * safe - 2 * mm,
                         height, fonts=fonts, size=size, min_size=5.2, component=comp,
                         valign="top", leading=1.2)
                y -= 5.5 * mm + height + 2 * mm
            c.setFillColorRGB(0.45, 0.42, 0.38)
            text_box(c, f"{GAME_NAME} · {lang.upper()} · {number}/{total}", safe,
                     safe - 0.5 * mm, w - 2 * safe, 3.5 * mm, fonts=fonts, size=6,
                     min_size=6, component=comp, align="center", valign="bottom",
                     max_lines=1)
        return draw

    def manigance_back(self, lang: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{text('deck_' + lang, self.lang)} ({self.t('backs')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, MANIGANCE_COLOR)
            ink = MANIGANCE_COLOR if box.low_ink else "#f3d9a4"
            c.saveState()
            stroke_rgb(c, ink)
            c.setLineWidth(1.0)
            c.roundRect(safe, safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
            c.setLineWidth(0.4)
            c.roundRect(safe + 2 * mm, safe + 2 * mm, w - 2 * safe - 4 * mm,
                        h - 2 * safe - 4 * mm, 2 * mm, stroke=1, fill=0)
            c.restoreState()
            fill_rgb(c, ink)
            text_box(c, "MANIGANCE", safe + 4 * mm, h / 2 - 2 * mm, w - 2 * safe - 8 * mm,
                     12 * mm, fonts=fonts, size=15, min_size=8, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            text_box(c, GAME_NAME, safe + 4 * mm, h / 2 + 11 * mm, w - 2 * safe - 8 * mm,
                     6 * mm, fonts=fonts, size=8, min_size=6, component=comp,
                     align="center", valign="middle", max_lines=1)
            text_box(c, text("deck_name", lang), safe + 4 * mm, h / 2 - 10 * mm,
                     w - 2 * safe - 8 * mm, 6 * mm, fonts=fonts, size=8, min_size=6,
                     component=comp, align="center", valign="middle", max_lines=1)
            c.saveState()
            stroke_rgb(c, ink)
            c.setLineWidth(0.8)
            for dy in (-1, 1):
                cy = h / 2 + dy * 26 * mm
                c.circle(w / 2, cy, 5 * mm, stroke=1, fill=0)
                symbol(c, "⚙", w / 2, cy, 7 * mm, comp)
            c.restoreState()
        return draw

    def thresholds(self, condition: Mapping[str, Any]) -> str:
        parts = []
        for key, value in condition.items():
            if key in ("id",) or key.startswith(("name_", "text_")):
                continue
            if isinstance(value, dict):
                parts.append(" · ".join(self.t("threshold_n", n=n, v=v)
                                        for n, v in sorted(value.items())))
            elif key == "cogs":
                parts.append(f"≥ {self.money(value)} {self.t('cogs')}")
            elif key == "popularity":
                parts.append(self.t("governor_and", n=value))
        return " · ".join(parts)

    def certificates(self) -> list[Card]:
        back = self.plain_back(self.t("certificate_back"), CERTIFICATE_COLOR, "★")
        return [Card(f"certificate-{cond['id']}", self.certificate_front(cond), back)
                for cond in self.d["conditions"]]

    def certificate_front(self, cond: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        name = field(cond, "name", self.lang)
        comp = f"{self.t('certificate_back')}: {name}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fbf3dc")
            c.saveState()
            stroke_rgb(c, CERTIFICATE_COLOR)
            c.setLineWidth(1.2)
            c.rect(safe, safe, w - 2 * safe, h - 2 * safe, stroke=1, fill=0)
            c.setLineWidth(0.4)
            c.rect(safe + 1.5 * mm, safe + 1.5 * mm, w - 2 * safe - 3 * mm,
                   h - 2 * safe - 3 * mm, stroke=1, fill=0)
            c.restoreState()
            fill_rgb(c, CERTIFICATE_COLOR)
            text_box(c, self.t("certificate"), safe + 3 * mm, h - safe - 9 * mm,
                     w - 2 * safe - 6 * mm, 6 * mm, fonts=fonts, size=9, min_size=6,
                     component=comp, bold=True, align="center", valign="middle", max_lines=1)
            fill_rgb(c, DARK)
            text_box(c, name, safe + 3 * mm, h - safe - 21 * mm, w - 2 * safe - 6 * mm,
                     11 * mm, fonts=fonts, size=13, min_size=7, component=comp, bold=True,
                     align="center", valign="middle", max_lines=2)
            cy = h - safe - 31 * mm
            c.saveState()
            stroke_rgb(c, CERTIFICATE_COLOR)
            fill_rgb(c, CERTIFICATE_COLOR)
            c.setLineWidth(1.2)
            c.circle(w / 2, cy, 8 * mm, stroke=1, fill=0 if box.low_ink else 1)
            fill_rgb(c, CERTIFICATE_COLOR if box.low_ink else "#ffffff")
            symbol(c, CONDITION_SYMBOLS[cond["id"]], w / 2, cy, 11 * mm, comp)
            c.restoreState()
            fill_rgb(c, DARK)
            text_box(c, field(cond, "text", self.lang), safe + 3 * mm, cy - 27 * mm,
                     w - 2 * safe - 6 * mm, 17 * mm, fonts=fonts, size=8.5, min_size=5.5,
                     component=comp, align="center", valign="middle")
            fill_rgb(c, CERTIFICATE_COLOR)
            text_box(c, self.thresholds(cond), safe + 3 * mm, cy - 35 * mm,
                     w - 2 * safe - 6 * mm, 7 * mm, fonts=fonts, size=6.5, min_size=4.5,
                     component=comp, bold=True, align="center", valign="middle", max_lines=2)
            c.setFillColorRGB(0.35, 0.35, 0.35)
            text_box(c, self.t("certificate_note"), safe + 3 * mm, safe + 2.5 * mm,
                     w - 2 * safe - 6 * mm, cy - 36 * mm - safe - 2.5 * mm, fonts=fonts,
                     size=6, min_size=4.5, component=comp, align="center", valign="middle")
        return draw

    def plain_back(self, title: str, color: str, glyph: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{title} ({self.t('backs')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, color)
            ink = color if box.low_ink else "#ffffff"
            c.saveState()
            stroke_rgb(c, ink)
            c.setLineWidth(1.0)
            c.roundRect(safe, safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
            fill_rgb(c, ink)
            symbol(c, glyph, w / 2, h / 2 + 12 * mm, 16 * mm, comp)
            text_box(c, title, safe + 3 * mm, h / 2 - 8 * mm, w - 2 * safe - 6 * mm, 12 * mm,
                     fonts=box.fonts, size=12, min_size=7, component=comp, bold=True,
                     align="center", valign="middle", max_lines=2)
            text_box(c, GAME_NAME, safe + 3 * mm, h / 2 - 18 * mm, w - 2 * safe - 6 * mm,
                     6 * mm, fonts=box.fonts, size=8, min_size=6, component=comp,
                     align="center", valign="middle", max_lines=1)
            c.restoreState()
        return draw

    def heritage_card(self) -> Card:
        admin = next(a for a in self.d["administration"] if a["id"] == "heritage_protection")
        name = field(admin, "name", self.lang)
        comp = name
        place = field(self.places[admin["district"]], "name", self.lang)

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#eef4f1")
            c.saveState()
            stroke_rgb(c, HERITAGE_COLOR)
            c.setLineWidth(1.2)
            c.rect(safe, safe, w - 2 * safe, h - 2 * safe, stroke=1, fill=0)
            c.restoreState()
            fill_rgb(c, HERITAGE_COLOR)
            text_box(c, name, safe + 3 * mm, h - safe - 15 * mm, w - 2 * safe - 6 * mm,
                     12 * mm, fonts=fonts, size=13, min_size=7, component=comp, bold=True,
                     align="center", valign="middle", max_lines=2)
            padlock(c, w / 2, h - safe - 26 * mm, 13 * mm, HERITAGE_COLOR, box.low_ink)
            text_box(c, f"Lucien · ⌂ {place}", safe + 3 * mm, h - safe - 43 * mm,
                     w - 2 * safe - 6 * mm, 5 * mm, fonts=fonts, size=7.5, min_size=5,
                     component=comp, bold=True, align="center", valign="middle", max_lines=1)
            fill_rgb(c, DARK)
            text_box(c, self.t("heritage_effect"), safe + 3 * mm, safe + 15 * mm,
                     w - 2 * safe - 6 * mm, h - 2 * safe - 59 * mm, fonts=fonts, size=7.8,
                     min_size=5, component=comp, align="center", valign="middle")
            c.setFillColorRGB(0.3, 0.3, 0.3)
            text_box(c, self.t("heritage_note"), safe + 3 * mm, safe + 2 * mm,
                     w - 2 * safe - 6 * mm, 12 * mm, fonts=fonts, size=6, min_size=4.5,
                     component=comp, align="center", valign="middle")
        return Card("heritage-protection", draw, self.plain_back(name, HERITAGE_COLOR, "⚷"))

    # ------------------------------------------------------------------ notes

    def notes(self) -> list[Card]:
        cards = []
        for note in self.d["money"]["notes"]:
            art = self.note(note["value"])
            cards += [Card(f"note-{note['value']}-{i + 1:02d}", art, art)
                      for i in range(note["count"])]
        return cards

    def note(self, value: int) -> Callable[[Canvas, CardBox], None]:
        written = self.money(value)
        comp = f"{self.t('notes')}: {written}"
        color = NOTE_COLORS[value]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            fonts = box.fonts
            c.saveState()
            r, g, b = hex_color(color)
            tint = "#" + "".join(f"{round((1 - (1 - v) * 0.25) * 255):02x}" for v in (r, g, b))
            # the note's colour in the shade that reads at 4.5:1 on the paper under it
            ink = legible(color, against="#ffffff" if box.low_ink else tint)
            if not box.low_ink:
                fill_rgb(c, tint)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed, stroke=0,
                       fill=1)
            stroke_rgb(c, ink)
            c.setLineWidth(1.4)
            c.roundRect(2 * mm, 2 * mm, w - 4 * mm, h - 4 * mm, 2 * mm, stroke=1, fill=0)
            fill_rgb(c, ink)
            symbol(c, "⚙", 8.5 * mm, h / 2, 10 * mm, comp)
            symbol(c, "⚙", w - 8.5 * mm, h / 2, 10 * mm, comp)
            text_box(c, written, 14 * mm, h / 2 - 3 * mm, w - 28 * mm, 11 * mm, fonts=fonts,
                     size=17, min_size=9, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
            text_box(c, self.t("cogs"), 14 * mm, h / 2 - 8 * mm, w - 28 * mm, 5 * mm,
                     fonts=fonts, size=8, min_size=5.5, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            text_box(c, self.t("bank"), 14 * mm, h - 8.5 * mm, w - 28 * mm, 4 * mm,
                     fonts=fonts, size=6, min_size=4.5, component=comp, align="center",
                     valign="middle", max_lines=1)
            c.restoreState()
        return draw

    # ------------------------------------------------------------------ wheels and tokens

    def add_wheels(self, doc: Document) -> None:
        colours = list(self.d["players"]["colours"])
        pairs = [colours[i:i + 2] for i in range(0, len(colours), 2)]
        for n, pair in enumerate(pairs, start=1):
            self.add_single(doc, Page(self.t("wheels"),
                                      self.wheel_page(pair, n, len(pairs), n == 1)))

    def wheel_sectors(self) -> list[tuple[str, str | None]]:
        sectors: list[tuple[str, str | None]] = [("immobile", None)]
        sectors += [("border", c) for c in self.colours]
        sectors += [("metro", c) for c in self.colours]
        return sectors

    def wheel_page(self, colours: Sequence[str], number: int, total: int,
                   instructions: bool) -> Callable[[Canvas], None]:
        comp = self.t("wheels")
        fonts = self.fonts
        page_w, page_h = self.s.page_size
        radius = WHEEL_RADIUS_MM * mm
        del total

        def draw(c: Canvas) -> None:
            top = page_h - 12 * mm
            fill_rgb(c, DARK)
            text_box(c, f"{GAME_NAME} — {self.t('wheel_title', n=number)}", 15 * mm,
                     top - 8 * mm, page_w - 30 * mm, 8 * mm, fonts=fonts, size=13,
                     min_size=8, component=comp, bold=True, valign="middle", max_lines=1)
            cy = top - 12 * mm - radius
            centres = [page_w / 2 - 51 * mm, page_w / 2 + 51 * mm]
            for cx, colour in zip(centres, colours, strict=False):
                self.wheel_disc(c, cx, cy, radius, colour, comp)
                ny = cy - radius - 11 * mm
                self.needle(c, cx - 28 * mm, ny, 44 * mm, "Lucien", colour, comp)
                self.needle(c, cx - 28 * mm, ny - 15 * mm, 28 * mm, "Edgar", colour, comp)
            y = cy - radius - 37 * mm
            if instructions:
                fill_rgb(c, DARK)
                text_box(c, self.t("wheel_steps"), 15 * mm, 14 * mm, page_w - 30 * mm,
                         y - 14 * mm, fonts=fonts, size=9.5, min_size=6.5, component=comp,
                         leading=1.3)
            else:
                self.tokens(c, y, comp)
        return draw

    def wheel_disc(self, c: Canvas, cx: float, cy: float, radius: float, colour: str,
                   comp: str) -> None:
        fonts = self.fonts
        low_ink = self.s.low_ink
        sectors = self.wheel_sectors()
        span = 360 / len(sectors)
        inner = radius * 0.5
        player = self.player_colours[colour]
        c.saveState()
        # the disc and its cutting line
        c.setLineWidth(1.0)
        stroke_rgb(c, DARK)
        c.setFillColorRGB(1, 1, 1)
        c.circle(cx, cy, radius, stroke=1, fill=1)
        for i, (kind, line) in enumerate(sectors):
            centre = 90 - i * span
            start = centre - span / 2
            color = self.colours[line] if line else "#d9d9d9"
            c.saveState()
            fill_rgb(c, color)
            stroke_rgb(c, DARK)
            c.setLineWidth(0.6)
            if low_ink:
                stroke_rgb(c, color if line else DARK)
                c.setLineWidth(2.0)
            r_out = radius - 1.2 * mm
            c.wedge(cx - r_out, cy - r_out, cx + r_out, cy + r_out, start, span, stroke=1,
                    fill=0 if low_ink else 1)
            c.restoreState()
            # a metro sector carries a white band, like a line on a metro map
            angle = math.radians(centre)
            if kind == "metro" and not low_ink:
                c.saveState()
                c.setStrokeColorRGB(1, 1, 1)
                c.setLineWidth(1.6 * mm)
                r_band = radius - 3.6 * mm
                c.arc(cx - r_band, cy - r_band, cx + r_band, cy + r_band, start + 1.5,
                      span - 3)
                c.restoreState()
            ix = cx + math.cos(angle) * radius * 0.78
            iy = cy + math.sin(angle) * radius * 0.78
            if kind == "border":
                if low_ink:
                    border_icon(c, ix, iy, 7 * mm, color)
                else:
                    border_icon(c, ix, iy, 7 * mm, "#ffffff", ink_on(color))
            elif kind == "metro":
                metro_icon(c, ix, iy, 3.6 * mm, color, fonts, comp, inverse=not low_ink)
            else:
                c.saveState()
                fill_rgb(c, DARK)
                c.rect(ix - 2.2 * mm, iy - 2.2 * mm, 4.4 * mm, 4.4 * mm, stroke=0, fill=1)
                c.restoreState()
            label = (self.t("immobile") if kind == "immobile"
                     else f"{self.colour_name(line or '')}\n{self.t('kind_' + kind)}")
            c.saveState()
            c.translate(cx, cy)
            c.rotate(centre - 90)
            ink = DARK if low_ink or not line else ink_on(color)
            fill_rgb(c, ink)
            if kind == "metro" and not low_ink:
                fill_rgb(c, DARK if ink_on(color) == DARK else "#ffffff")
            r_text = inner + 1.2 * mm
            arc_w = 2 * r_text * math.tan(math.radians(span / 2)) * 0.9
            text_box(c, label, -arc_w / 2, r_text, arc_w, 6.4 * mm, fonts=fonts, size=7,
                     min_size=4.5, component=comp, bold=True, align="center",
                     valign="middle", max_lines=2)
            c.restoreState()
        # the inner disc: sector lines run to the hub, so a short needle reads too
        c.setFillColorRGB(1, 1, 1)
        c.setLineWidth(0.6)
        stroke_rgb(c, DARK)
        c.circle(cx, cy, inner, stroke=1, fill=1)
        c.setLineWidth(0.3)
        for i in range(len(sectors)):
            a = math.radians(90 - i * span - span / 2)
            c.line(cx + math.cos(a) * 7 * mm, cy + math.sin(a) * 7 * mm,
                   cx + math.cos(a) * inner, cy + math.sin(a) * inner)
        # the owner's colour
        stroke_rgb(c, player if colour != "white" else "#9a9a9a")
        c.setLineWidth(2.2)
        c.circle(cx, cy, inner - 2 * mm, stroke=1, fill=0)
        fill_rgb(c, DARK)
        text_box(c, self.t("wheel_player", colour=self.colour_name(colour)),
                 cx - inner * 0.7, cy - inner * 0.62, inner * 1.4, 4.5 * mm, fonts=fonts,
                 size=7, min_size=4.5, component=comp, bold=True, align="center",
                 valign="middle", max_lines=1)
        c.restoreState()
        pierce_mark(c, cx, cy)

    def needle(self, c: Canvas, px: float, py: float, length: float, who: str, colour: str,
               comp: str) -> None:
        """A needle lying to the right of its pivot hole; cut along its outline."""
        player = self.player_colours[colour]
        low_ink = self.s.low_ink
        hub, half = 4.6 * mm, 2.8 * mm
        c.saveState()
        path = c.beginPath()
        path.moveTo(px + hub * 0.6, py + half)
        path.lineTo(px + length - 7 * mm, py + half)
        path.lineTo(px + length, py)
        path.lineTo(px + length - 7 * mm, py - half)
        path.lineTo(px + hub * 0.6, py - half)
        path.arcTo(px - hub, py - hub, px + hub, py + hub, startAng=-38, extent=-284)
        path.close()
        fill_rgb(c, player)
        stroke_rgb(c, DARK)
        c.setLineWidth(0.7)
        if low_ink:
            stroke_rgb(c, player if colour != "white" else "#9a9a9a")
            c.setLineWidth(1.6)
        c.drawPath(path, stroke=1, fill=0 if low_ink else 1)
        fill_rgb(c, DARK if low_ink else ink_on(player))
        text_box(c, who.upper(), px + hub + 0.8 * mm, py - half, length - hub - 8.5 * mm,
                 2 * half, fonts=self.fonts, size=7, min_size=4.5, component=comp, bold=True,
                 align="center", valign="middle", max_lines=1)
        c.restoreState()
        pierce_mark(c, px, py)

    def tokens(self, c: Canvas, y: float, comp: str) -> None:
        """The Governor token, the first-player token and the paper markers."""
        fonts = self.fonts
        low_ink = self.s.low_ink
        page_w, _ = self.s.page_size
        r = 19 * mm
        cy = y - r - 4 * mm
        for cx, title, note, glyph, color in (
                (page_w / 2 - 62 * mm, self.t("governor"), self.t("governor_note"), "♛",
                 "#6b4f1d"),
                (page_w / 2 - 16 * mm, self.t("first_player"), "", "1", "#1d4f6b")):
            c.saveState()
            fill_rgb(c, color)
            stroke_rgb(c, color)
            c.setLineWidth(1.6)
            c.circle(cx, cy, r, stroke=1, fill=0 if low_ink else 1)
            fill_rgb(c, color if low_ink else "#ffffff")
            if glyph == "1":
                text_box(c, "1", cx - r, cy - 2 * mm, 2 * r, 14 * mm, fonts=fonts, size=30,
                         min_size=14, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
            else:
                symbol(c, glyph, cx, cy + 5 * mm, 15 * mm, comp)
            text_box(c, title, cx - r + 3 * mm, cy - 9 * mm, 2 * r - 6 * mm, 6 * mm,
                     fonts=fonts, size=9, min_size=5.5, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            if note:
                text_box(c, note, cx - r + 5 * mm, cy - 14 * mm, 2 * r - 10 * mm, 4.5 * mm,
                         fonts=fonts, size=6.5, min_size=4.5, component=comp,
                         align="center", valign="middle", max_lines=1)
            c.restoreState()
        # the markers: one per player colour for the popularity track, black for the tally
        mx = page_w / 2 + 14 * mm
        fill_rgb(c, DARK)
        text_box(c, self.t("markers"), mx - 4 * mm, cy + 9 * mm, page_w - mx - 10 * mm,
                 10 * mm, fonts=fonts, size=8, min_size=5.5, component=comp, bold=True,
                 valign="bottom")
        markers = [(self.player_colours[col], self.marks[col])
                   for col in self.d["players"]["colours"]]
        markers.append(("#111111", ""))
        mr = 6.5 * mm
        for i, (color, mark) in enumerate(markers):
            x = mx + (i % 3) * (2 * mr + 5 * mm) + mr
            yy = cy - (i // 3) * (2 * mr + 5 * mm)
            c.saveState()
            # a player's marker: its colour's mark (in low ink an outline with the mark)
            outline = low_ink and bool(mark)
            fill_rgb(c, "#ffffff" if outline else color)
            stroke_rgb(c, (DARK if color == "#ffffff" or not mark else legible(color, ratio=3.0))
                       if outline else DARK)
            c.setLineWidth(1.6 if outline else 0.7)
            c.circle(x, yy, mr, stroke=1, fill=1)
            if mark:
                fill_rgb(c, DARK if outline else ink_on(color))
                text_box(c, mark, x - mr, yy - 3 * mm, 2 * mr, 6 * mm, fonts=fonts,
                         size=14 if len(mark) == 1 else 9, min_size=6, component=comp,
                         bold=True, align="center", valign="middle", max_lines=1)
            c.restoreState()
        fill_rgb(c, DARK)
        text_box(c, self.t("tokens_help"), 15 * mm, cy - r - 12 * mm, page_w - 30 * mm,
                 6 * mm, fonts=fonts, size=8, min_size=6, component=comp, valign="middle")


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False
          ) -> tuple[Document, Document | None]:
    return Kit(settings, base_url).build(rules_only=rules_only)
