"""The Election USA print-and-play kit.

Built from the data file the companion's engine reads (``companion/games/data/election-usa.toml``)
and from a table's edition values (the options of ``companion.games.election_usa``: region
points, reserve, malus, the group's Action and Skeleton lists), so the board and the cards on
paper are the ones the app applies:

- the board, tiled over several sheets: a schematic map of the United States in six regions,
  each with its name and its 1st/2nd/3rd victory points, and the Sincerity track 0–15;
- coins of $1M and $3M; pawn tokens in five colours (6 + the reserve per colour); Sincerity
  markers; each pawn and marker with its colour's mark (greyscale prints tell the colours
  apart by it), outlines in low ink;
- the ten-card display mat, its places numbered as the phones number them;
- a player aid per player (the turn, the three card kinds, the chain, the end, the scoring);
- the final-scoring sheet;
- the Action and Skeleton decks: the group's deck list as poker-size cards with backs, or,
  without one, blank card templates with the fields the rulebook names (said so on the
  checklist): as many Action blanks as the deck holds (60, the edition value) and as many
  Skeletons as a game can draw (16);
- the checklist and the rule sheet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import election_usa as game
from companion.games.base import GameError, read_options

from ..draw import fill_rgb, mark_letters, stroke_rgb
from ..layout import Card, CardBox, ChecklistRow, Document, Page, PrintSettings, hex_color, legible
from ..text import BuildError, text_box
from ..texts import COMMON_TEXTS, localized
from .base import KitBase

GAME_ID = game.ID
GAME_NAME = game.NAME
KIT_VERSION = "1.0"
LANGUAGES = ("en", "fr")

POKER = (63.0, 88.0)
PLAY_AID = (190.0, 130.0)
COIN_MM = 22.0
PAWN_MM = 15.0
MARKER_MM = 22.0
BOARD_W_MM = 540.0
BOARD_H_MM = 250.0
MAT_W_MM = 364.0
MAT_H_MM = 226.0
BOARD_MARGIN_MM = 10.0
BOARD_COLS = 4
BOARD_COL_MM = (BOARD_W_MM - 2 * BOARD_MARGIN_MM) / BOARD_COLS
"""The map's four columns of regions; the Sincerity track below them and the board's texts
keep to the same columns, so the board may be cut between two columns (``board_lines_mm``)."""
TRACK_SLOTS_PER_COL = 5
"""Each column holds five slots of the Sincerity track: the label takes the first two, then
the 16 spaces, and the last column ends with the note on the victory points."""
MAT_SLOT_GAP_MM = 7.0
MAT_LEFT_MM = 10.0


def board_lines_mm() -> tuple[list[float], list[float]]:
    """Where the board may be cut to tile it: between two columns of regions, from top to
    bottom (the track's spaces and the texts stop short of these lines)."""
    return [BOARD_MARGIN_MM + k * BOARD_COL_MM for k in range(1, BOARD_COLS)], []


def mat_lines_mm() -> tuple[list[float], list[float]]:
    """Where the Action card mat may be cut: in the gap between two columns of places."""
    step = POKER[0] + MAT_SLOT_GAP_MM
    return [MAT_LEFT_MM + k * step - MAT_SLOT_GAP_MM / 2 for k in range(1, 5)], []
COINS = {1: 40, 3: 25}
"""Coins per value: $15M for each of five players at the start, and what Fundraising brings."""

PAPER = "#f6f1e4"
DARK = "#222222"
REGION_FILL = "#e9e2cf"
SINCERITY_BLUE = "#1f5fa8"
ACTION_COLOR = "#1d3557"
SKELETON_COLOR = "#3b3b3b"
COIN_COLORS = {1: "#c9a227", 3: "#8d99ae"}
KIND_COLORS = {"fundraising": "#2a9d8f", "policy": "#e76f51", "advertising": "#457b9d",
               "blackmail": "#6d597a", "journalist": "#8d6a3f", "action": ACTION_COLOR,
               "skeleton": SKELETON_COLOR}

TEXTS: dict[str, dict[str, str]] = {
    **COMMON_TEXTS,
    "board": {"en": "Board", "fr": "Plateau"},
    "coins": {"en": "Coins $1M and $3M", "fr": "Pièces 1M$ et 3M$"},
    "pawns": {"en": "Pawn tokens and Sincerity markers", "fr": "Pions et marqueurs de Sincérité"},
    "mat": {"en": "Display mat of the ten face-up cards",
            "fr": "Tapis des dix cartes faces visibles"},
    "aids": {"en": "Player aids", "fr": "Aides de jeu"},
    "score_sheet": {"en": "Final-scoring sheet", "fr": "Feuille de décompte final"},
    "action_deck": {"en": "Action deck", "fr": "Paquet Action"},
    "skeleton_deck": {"en": "Skeleton deck", "fr": "Paquet Skeleton"},
    "action_blank": {"en": "Action cards, blank templates", "fr": "Cartes Action, modèles vierges"},
    "skeleton_blank": {"en": "Skeleton cards, blank templates",
                       "fr": "Cartes Skeleton, modèles vierges"},
    "how_board": {"en": "Cut out each tile, glue it on the grey strip to the black line",
                  "fr": "Découpez chaque morceau, collez-le sur la bande grise jusqu'au trait "
                        "noir"},
    "how_tokens": {"en": "Cut along the crop marks; card stock helps",
                   "fr": "Couper aux traits de coupe ; du carton aide"},
    "how_cards": {"en": "Cut along the crop marks; double-sided",
                  "fr": "Couper aux traits de coupe ; recto verso"},
    "how_blank": {
        "en": "No deck list saved: blank templates, fill them in from your copy "
              "(or save your deck list in the app and print again)",
        "fr": "Pas de liste de cartes : modèles vierges à remplir d'après votre exemplaire "
              "(ou saisissez votre liste dans l'appli et réimprimez)"},
    "how_blank_glued": {"en": "blank templates: fill them in from your copy",
                        "fr": "modèles vierges à remplir d'après votre exemplaire"},
    "how_page": {"en": "Use as is", "fr": "Tel quel"},
    "how_rules": {"en": "Keep at hand; scan the QR codes",
                  "fr": "À garder sous la main ; scannez les QR codes"},
    "tiles_count": {"en": "{n} tiles", "fr": "{n} morceaux"},
    "bring_title": {"en": "Also bring", "fr": "À apporter aussi"},
    "bring": {
        "en": "• A phone per player (or one for the table) with the companion open: it keeps "
              "the sealed Advertising bids, the chain and the scoring.\n"
              "• If you have no deck list: your copy's Action and Skeleton cards, or the blank "
              "templates filled in by hand.\n"
              "• Scissors or a craft knife, a glue stick; card stock makes the tokens last.",
        "fr": "• Un téléphone par joueur (ou un pour la table) avec le compagnon ouvert : il "
              "garde les enchères de Publicité secrètes, le tour de table et le décompte.\n"
              "• Sans liste de cartes : les cartes Action et Skeleton de votre exemplaire, ou "
              "les modèles vierges remplis à la main.\n"
              "• Des ciseaux ou un cutter, un bâton de colle ; du carton rend les jetons plus "
              "solides."},
    "board_title": {"en": "Election USA — the race for the Republican nomination",
                    "fr": "Election USA — la course à l'investiture républicaine"},
    "places": {"en": "1st {a} · 2nd {b} · 3rd {c}", "fr": "1er {a} · 2e {b} · 3e {c}"},
    "places_note": {
        "en": "Victory points at the end: tied colours are removed first; house defaults, "
              "check your copy",
        "fr": "Points de victoire à la fin : les couleurs à égalité sont d'abord retirées ; "
              "valeurs par défaut, à vérifier sur votre exemplaire"},
    "sincerity": {"en": "Sincerity", "fr": "Sincérité"},
    "start": {"en": "start", "fr": "départ"},
    "coin": {"en": "${n}M", "fr": "{n} M$"},
    "marker": {"en": "S", "fr": "S"},
    "mat_title": {"en": "The ten face-up Action cards",
                  "fr": "Les dix cartes Action faces visibles"},
    "mat_help": {
        "en": "The numbers are the phones' card numbers. Take a card, apply it, refill its "
              "place from the deck; a Blackmail or Journalist drawn goes round the table, then "
              "draw again.",
        "fr": "Les numéros sont ceux des téléphones. Prenez une carte, appliquez-la, "
              "remplacez-la depuis le paquet ; un Chantage ou un Journaliste tiré fait le tour "
              "de la table, puis on tire à nouveau."},
    "slot": {"en": "Card {n}", "fr": "Carte {n}"},
    "above": {"en": "above the board", "fr": "au-dessus du plateau"},
    "left": {"en": "left of the board", "fr": "à gauche du plateau"},
    "right": {"en": "right of the board", "fr": "à droite du plateau"},
    "below": {"en": "below the board", "fr": "sous le plateau"},
    "aid_title": {"en": "Player aid", "fr": "Aide de jeu"},
    "aid_turn": {
        "en": "YOUR TURN — one of two actions: take a face-up card and play it (then refill its "
              "place), or draw the top Action card to raise your Sincerity by its blue-circle "
              "value (15 at most).",
        "fr": "VOTRE TOUR — une action sur deux : prendre une carte face visible et la jouer "
              "(puis la remplacer), ou tirer la carte Action du dessus pour gagner la valeur de "
              "son cercle bleu en Sincérité (15 au plus)."},
    "aid_fundraising": {
        "en": "FUNDRAISING — you take the larger amount, everyone else the smaller.",
        "fr": "LEVER DES FONDS — vous prenez la grande somme, les autres la petite."},
    "aid_policy": {
        "en": "POLICY — one-round auction in Sincerity from the player on your left; you speak "
              "last and win by matching. The winner pays and takes the card's pawns from their "
              "reserve. The card counts as yours for the tie-break.",
        "fr": "POLITIQUE — enchère en Sincérité, un seul tour, à partir de votre voisin de "
              "gauche ; vous parlez en dernier et gagnez en égalant. Le gagnant paie et prend "
              "les pions de la carte dans sa réserve. La carte compte pour vous au départage."},
    "aid_advertising": {
        "en": "ADVERTISING — closed fist: everyone bids $M in secret (on their phone). The two "
              "highest pay and place up to the card's pawns in its region; ties go clockwise "
              "from the active player.",
        "fr": "PUBLICITÉ — poing fermé : chacun enchérit en M$ en secret (sur son téléphone). "
              "Les deux plus hauts paient et placent jusqu'aux pions de la carte dans sa zone ; "
              "égalités dans le sens horaire depuis le joueur actif."},
    "aid_chain": {
        "en": "BLACKMAIL ($) / JOURNALIST (Sincerity) — from the active player clockwise: pay "
              "the amount or draw a Skeleton; unable to pay, you must draw. The first Skeleton "
              "stops it. Keep Skeletons face down.",
        "fr": "CHANTAGE ($) / JOURNALISTE (Sincérité) — depuis le joueur actif, sens horaire : "
              "payer la somme ou tirer un Skeleton ; qui ne peut payer doit tirer. Le premier "
              "Skeleton arrête le tour. Skeletons faces cachées."},
    "aid_end": {
        "en": "THE END — a 4th Skeleton, a last pawn placed, or the last Action card drawn: "
              "finish the action, then score.",
        "fr": "LA FIN — un 4e Skeleton, un dernier pion placé, ou la dernière carte Action "
              "tirée : on finit l'action, puis on compte."},
    "aid_scoring": {
        "en": "SCORING — in each region remove tied colours; the three largest of the rest "
              "score its 1st/2nd/3rd points. 4 Skeletons: −{malus}. Tie: most Policy cards "
              "chosen; still tied, shared.",
        "fr": "DÉCOMPTE — dans chaque zone, retirez les couleurs à égalité ; les trois plus "
              "nombreuses marquent ses points de 1er/2e/3e. 4 Skeletons : −{malus}. Égalité : le "
              "plus de cartes Politique choisies ; sinon, victoire partagée."},
    "aid_start": {
        "en": "Start: ${money}M, {pawns} pawns available, Sincerity {sincerity}; {reserve} pawns "
              "in your reserve.",
        "fr": "Départ : {money} M$, {pawns} pions disponibles, Sincérité {sincerity} ; {reserve} "
              "pions dans votre réserve."},
    "sheet_title": {"en": "Final scoring", "fr": "Décompte final"},
    "sheet_help": {
        "en": "Per region: cross out the tied colours, then write the 1st/2nd/3rd points of the "
              "rest. The companion does the same count on every phone.",
        "fr": "Par zone : barrez les couleurs à égalité, puis notez les points de 1er/2e/3e des "
              "autres. Le compagnon fait le même compte sur chaque téléphone."},
    "player": {"en": "Player", "fr": "Joueur"},
    "malus_row": {"en": "4 Skeletons: −{n}", "fr": "4 Skeletons : −{n}"},
    "total": {"en": "Total", "fr": "Total"},
    "policy_row": {"en": "Policy cards chosen (tie-break)",
                   "fr": "Cartes Politique choisies (départage)"},
    "kind_fundraising": {"en": "Fundraising", "fr": "Lever des fonds"},
    "kind_policy": {"en": "Policy", "fr": "Politique"},
    "kind_advertising": {"en": "Advertising", "fr": "Publicité"},
    "kind_blackmail": {"en": "Blackmail", "fr": "Chantage"},
    "kind_journalist": {"en": "Journalist", "fr": "Journaliste"},
    "card_fundraising": {"en": "You ${high}M · others ${low}M",
                         "fr": "Vous {high} M$ · les autres {low} M$"},
    "card_policy": {"en": "Auction in Sincerity: {pawns} pawns from the reserve",
                    "fr": "Enchère en Sincérité : {pawns} pions de la réserve"},
    "card_advertising": {"en": "{region}: up to {pawns} pawns for the two highest bids",
                         "fr": "{region} : jusqu'à {pawns} pions pour les deux plus hautes"},
    "card_blackmail": {"en": "Pay ${amount}M or draw a Skeleton",
                       "fr": "Payez {amount} M$ ou tirez un Skeleton"},
    "card_journalist": {"en": "Pay {amount} Sincerity or draw a Skeleton",
                        "fr": "Payez {amount} de Sincérité ou tirez un Skeleton"},
    "skeleton_effect": {"en": "Money {money} · Sincerity {sincerity} · Pawns {pawns}",
                        "fr": "Argent {money} · Sincérité {sincerity} · Pions {pawns}"},
    "blank_kind": {"en": "Kind:", "fr": "Sorte\u00a0:"},
    "blank_amounts": {"en": "Larger $M ____  Smaller $M ____",
                      "fr": "Grande somme M$ ____  Petite M$ ____"},
    "blank_region": {"en": "Region ______________", "fr": "Zone ______________"},
    "blank_pawns": {"en": "Pawns ____   Amount asked ____",
                    "fr": "Pions ____   Somme demandée ____"},
    "blank_value": {"en": "blue circle", "fr": "cercle bleu"},
    "blank_name": {"en": "Name ______________", "fr": "Nom ______________"},
    "blank_text": {"en": "Text", "fr": "Texte"},
    "blank_effect": {"en": "Money ___  Sincerity ___  Pawns ___",
                     "fr": "Argent ___  Sincérité ___  Pions ___"},
    "back_action": {"en": "Action", "fr": "Action"},
    "back_skeleton": {"en": "Skeleton", "fr": "Skeleton"},
}


def text(key: str, lang: str, **values: Any) -> str:
    return localized(TEXTS, key, lang, **values)


def ink_on(color: str) -> str:
    r, g, b = hex_color(color)
    return DARK if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "#ffffff"


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def edition(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The table's edition values (house defaults when not given), checked like the app."""
    try:
        values = read_options(game.OPTIONS, {k: v for k, v in (options or {}).items()
                                             if k in {o.name for o in game.OPTIONS}})
        game.setup(game.example_players(2), values)
    except GameError as exc:
        raise BuildError(f"edition values: {exc}", GAME_ID) from None
    return values


def skeletons_drawn_at_most() -> int:
    """The most Skeletons a game can draw: every player of the most one short of the
    Skeleton that ends the game, then that one (5 × 3 + 1 = 16)."""
    return game.MAX_PLAYERS * (int(game.DATA["end"]["skeletons"]) - 1) + 1


def tied(text: str) -> str:
    """A template line of fields ("Pawns ____   Amount asked ____", fields apart by two
    spaces or more) whose label and blank stay on one line: the spaces inside a field made
    no-break spaces."""
    return re.sub(r"(?<=\S) (?=\S)", "\u00a0", text)


class Kit(KitBase):
    """Builds the documents of one kit for one set of print settings and edition values."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings, base_url)
        self.values = edition(options)
        self.marks = mark_letters({c["id"]: str(c.get(f"name_{self.lang}") or c["name_en"])
                                   for c in game.DATA["colours"]})
        self.points = {r["id"]: tuple(self.values[game.points_option(r, p)] for p in range(3))
                       for r in game.REGIONS}

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def region_name(self, region: Mapping[str, Any]) -> str:
        return str(region.get(f"name_{self.lang}") or region["name_en"])

    def box(self, c: Canvas, value: str, x: float, y: float, w: float, h: float, *,
            size: float, min_size: float = 6, comp: str, bold: bool = False,
            align: str = "left", valign: str = "top", lines: int | None = None) -> None:
        text_box(c, value, x, y, w, h, fonts=self.fonts, size=size, min_size=min_size,
                 component=comp, bold=bold, align=align, valign=valign, max_lines=lines)

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        from ..rulesheet import add_rule_sheet

        rows: list[ChecklistRow] = []
        blank = self.t("blank")
        how_blank = self.t("how_blank")
        if self.s.duplex == "none" and backs is None:
            # blank templates have backs too: printed single-sided, their sheets are glued
            how_blank = f"{self.t('how_glued')}; {self.t('how_blank_glued')}"

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            printed = [i + 1 for i in range(start, len(doc.pages))
                       if doc.pages[i].component != blank and doc.pages[i].side != "back"]
            first, last = (printed[0], printed[-1]) if printed else (start + 1, len(doc.pages))
            rows.append((name, count, first, last, how))

        tiles: list[int] = []
        section(self.t("board"), "", self.t("how_board"), lambda: tiles.append(len(
            doc.add_board(BOARD_W_MM, BOARD_H_MM, self.board_drawer(), component=self.t("board"),
                          lines_mm=board_lines_mm()))))
        rows[-1] = (rows[-1][0], self.t("tiles_count", n=tiles[0]), *rows[-1][2:])
        coins = [Card(f"coin-{v}-{i}", self.coin(v)) for v, n in COINS.items() for i in range(n)]
        section(self.t("coins"), " + ".join(str(n) for n in COINS.values()), self.t("how_tokens"),
                lambda: doc.add_cards(coins, (COIN_MM, COIN_MM), component=self.t("coins")))
        per_colour = game.START["pawns"] + self.values["reserve"]
        pawns = [Card(f"pawn-{colour}-{i}", self.pawn(colour)) for colour in game.COLOURS
                 for i in range(per_colour)]
        markers = [Card(f"marker-{colour}", self.marker(colour)) for colour in game.COLOURS]
        section(self.t("pawns"), f"{len(game.COLOURS)} × {per_colour} + {len(markers)}",
                self.t("how_tokens"),
                lambda: (doc.add_cards(pawns, (PAWN_MM, PAWN_MM), component=self.t("pawns")),
                         doc.add_cards(markers, (MARKER_MM, MARKER_MM),
                                       component=self.t("pawns"))))
        mat_tiles: list[int] = []
        section(self.t("mat"), "", self.t("how_board"), lambda: mat_tiles.append(len(
            doc.add_board(MAT_W_MM, MAT_H_MM, self.mat_drawer(), component=self.t("mat"),
                          lines_mm=mat_lines_mm()))))
        rows[-1] = (rows[-1][0], self.t("tiles_count", n=mat_tiles[0]), *rows[-1][2:])
        aids = [Card(f"aid-{i}", self.aid()) for i in range(game.MAX_PLAYERS)]
        section(self.t("aids"), str(len(aids)), self.t("how_tokens"),
                lambda: doc.add_cards(aids, PLAY_AID, component=self.t("aids")))
        section(self.t("score_sheet"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("score_sheet"), self.score_sheet())))
        action_deck = self.values["action_deck"]
        if action_deck:
            cards = [Card(f"action-{i}-{n}", self.action_front(card), self.back("action"))
                     for i, card in enumerate(action_deck)
                     for n in range(int(card.get("count", 1)))]
            section(self.t("action_deck"), str(len(cards)), self.t("how_cards"),
                    lambda: doc.add_cards(cards, POKER, component=self.t("action_deck"),
                                          backs=backs))
        else:
            # as many as the deck holds (the edition value): the face-up display alone
            # takes 10
            cards = [Card(f"action-blank-{i}", self.action_blank(), self.back("action"))
                     for i in range(self.values["action_cards"])]
            section(self.t("action_blank"), str(len(cards)), how_blank,
                    lambda: doc.add_cards(cards, POKER, component=self.t("action_blank"),
                                          backs=backs))
        skeleton_deck = self.values["skeleton_deck"]
        if skeleton_deck:
            bones = [Card(f"skeleton-{i}-{n}", self.skeleton_front(card), self.back("skeleton"))
                     for i, card in enumerate(skeleton_deck)
                     for n in range(int(card.get("count", 1)))]
            section(self.t("skeleton_deck"), str(len(bones)), self.t("how_cards"),
                    lambda: doc.add_cards(bones, POKER, component=self.t("skeleton_deck"),
                                          backs=backs))
        else:
            bones = [Card(f"skeleton-blank-{i}", self.skeleton_blank(), self.back("skeleton"))
                     for i in range(skeletons_drawn_at_most())]
            section(self.t("skeleton_blank"), str(len(bones)), how_blank,
                    lambda: doc.add_cards(bones, POKER, component=self.t("skeleton_blank"),
                                          backs=backs))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    def add_single(self, doc: Document, page: Page) -> None:
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    def checklist_title(self) -> str:
        return f"{GAME_NAME} — {self.t('checklist_title')}"

    # ------------------------------------------------------------------ the board

    def board_drawer(self) -> Callable[[Canvas], None]:
        comp = self.t("board")
        low_ink = self.s.low_ink
        width, height = BOARD_W_MM * mm, BOARD_H_MM * mm
        margin = BOARD_MARGIN_MM * mm
        track_h = 42 * mm
        title_h = 16 * mm
        rows = 2
        cw = BOARD_COL_MM * mm
        ch = (height - 2 * margin - track_h - title_h) / rows
        map_top = height - margin - title_h

        def draw(c: Canvas) -> None:
            c.saveState()
            if not low_ink:
                fill_rgb(c, PAPER)
                c.rect(0, 0, width, height, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(1.2)
            c.rect(margin / 2, margin / 2, width - margin, height - margin, stroke=1, fill=0)
            fill_rgb(c, DARK)
            # the title keeps to the first column: no cut line runs through it
            self.box(c, self.t("board_title"), margin + 2 * mm, map_top + 1 * mm,
                     cw - 4 * mm, title_h - 2 * mm, size=15, min_size=10, comp=comp,
                     bold=True, valign="middle", lines=2)
            for region in game.REGIONS:
                x = margin + region["col"] * cw
                y = map_top - (region["row"] + region["h"]) * ch
                w, h = region["w"] * cw, region["h"] * ch
                c.saveState()
                fill_rgb(c, "#ffffff" if low_ink else REGION_FILL)
                stroke_rgb(c, DARK)
                c.setLineWidth(1.5)
                c.roundRect(x + 2 * mm, y + 2 * mm, w - 4 * mm, h - 4 * mm, 4 * mm, stroke=1,
                            fill=1)
                c.restoreState()
                fill_rgb(c, DARK)
                self.box(c, self.region_name(region), x + 5 * mm, y + h - 20 * mm,
                         w - 10 * mm, 15 * mm, size=20, comp=comp, bold=True, align="center",
                         valign="middle", lines=2)
                a, b, p3 = self.points[region["id"]]
                self.box(c, self.t("places", a=a, b=b, c=p3), x + 5 * mm, y + h - 32 * mm,
                         w - 10 * mm, 11 * mm, size=17, comp=comp, align="center",
                         valign="middle", lines=1)
            self.sincerity_track(c, margin, margin + 2 * mm, cw / TRACK_SLOTS_PER_COL,
                                 track_h - 12 * mm, comp)
            c.restoreState()
        return draw

    def sincerity_track(self, c: Canvas, x: float, y: float, step: float, h: float,
                        comp: str) -> None:
        """The track in slots of ``step``, five to a column of the map: the label in the
        first two, one space in each of the next 16, the victory-point note in the last
        two. No space or text crosses a column line."""
        fill_rgb(c, SINCERITY_BLUE)
        self.box(c, self.t("sincerity"), x + 2 * mm, y, 2 * step - 4 * mm, h, size=16,
                 comp=comp, bold=True, valign="middle", lines=1)
        for i, value in enumerate(range(game.SINCERITY_MIN, game.SINCERITY_MAX + 1)):
            bx = x + (2 + i) * step
            c.saveState()
            start = value == game.START["sincerity"]
            fill_rgb(c, "#ffffff" if self.s.low_ink or not start else "#d7e6f7")
            stroke_rgb(c, SINCERITY_BLUE)
            c.setLineWidth(2 if start else 1)
            c.rect(bx + 1.2 * mm, y, step - 2.4 * mm, h, stroke=1, fill=1)
            fill_rgb(c, SINCERITY_BLUE)
            self.box(c, str(value), bx + 1.5 * mm, y + h / 3, step - 3 * mm,
                     h * 2 / 3 - 1 * mm, size=16, comp=comp, bold=True, align="center",
                     valign="middle", lines=1)
            if start:
                self.box(c, self.t("start"), bx + 1.5 * mm, y + 1 * mm, step - 3 * mm, h / 3,
                         size=8, comp=comp, align="center", valign="middle", lines=1)
            c.restoreState()
        used = 2 + game.SINCERITY_MAX - game.SINCERITY_MIN + 1
        fill_rgb(c, DARK)
        self.box(c, self.t("places_note"), x + used * step + 2 * mm, y,
                 (TRACK_SLOTS_PER_COL * BOARD_COLS - used) * step - 4 * mm, h, size=9,
                 min_size=7, comp=comp, valign="middle")

    # ------------------------------------------------------------------ tokens

    def coin(self, value: int) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("coins")

        def draw(c: Canvas, box: CardBox) -> None:
            r = box.width / 2
            c.saveState()
            fill_rgb(c, "#ffffff" if box.low_ink else COIN_COLORS[value])
            stroke_rgb(c, DARK)
            c.setLineWidth(1)
            c.circle(r, r, r - 0.5 * mm, stroke=1, fill=1)
            c.circle(r, r, r - 2.2 * mm, stroke=1, fill=0)
            fill_rgb(c, DARK)
            self.box(c, self.t("coin", n=value), 3 * mm, r - 4 * mm, box.width - 6 * mm,
                     8 * mm, size=12, comp=comp, bold=True, align="center", valign="middle",
                     lines=1)
            c.restoreState()
        return draw

    def pawn(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        """A pawn disc with its colour's mark (greyscale prints tell the colours apart by
        it); in low ink an outline in the colour, the mark in black."""
        hex_ = game.COLOUR_HEX[colour]
        mark = self.marks[colour]
        comp = self.t("pawns")

        def draw(c: Canvas, box: CardBox) -> None:
            r = box.width / 2
            c.saveState()
            if box.low_ink:
                stroke_rgb(c, legible(hex_, ratio=3.0))
                c.setLineWidth(1.6)
                c.circle(r, r, r - 0.9 * mm, stroke=1, fill=0)
            else:
                fill_rgb(c, hex_)
                stroke_rgb(c, DARK)
                c.setLineWidth(0.8)
                c.circle(r, r, r - 0.6 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK if box.low_ink else ink_on(hex_))
            self.box(c, mark, 1.5 * mm, r - 3.5 * mm, box.width - 3 * mm, 7 * mm,
                     size=14 if len(mark) == 1 else 9, comp=comp, bold=True, align="center",
                     valign="middle", lines=1)
            c.restoreState()
        return draw

    def marker(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        hex_ = game.COLOUR_HEX[colour]
        comp = self.t("pawns")

        mark = self.marks[colour]

        def draw(c: Canvas, box: CardBox) -> None:
            s = box.width
            c.saveState()
            fill_rgb(c, "#ffffff" if box.low_ink else hex_)
            stroke_rgb(c, legible(hex_, ratio=3.0) if box.low_ink else SINCERITY_BLUE)
            c.setLineWidth(2)
            c.roundRect(1 * mm, 1 * mm, s - 2 * mm, s - 2 * mm, 3 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK if box.low_ink else ink_on(hex_))
            self.box(c, self.t("marker"), 2 * mm, s - 8.5 * mm, s - 4 * mm, 6 * mm,
                     size=12, comp=comp, bold=True, align="center", valign="middle", lines=1)
            self.box(c, mark, 2 * mm, 2.5 * mm, s - 4 * mm, s - 11.5 * mm,
                     size=24 if len(mark) == 1 else 16, comp=comp, bold=True, align="center",
                     valign="middle", lines=1)
            c.restoreState()
        return draw

    # ------------------------------------------------------------------ the display mat

    def mat_slots(self) -> list[tuple[int, str]]:
        """The ten places in the phones' order, with where each lies round the board."""
        places: list[tuple[int, str]] = []
        for where, count in zip(("above", "left", "right", "below"), game.LAYOUT, strict=True):
            places += [(len(places) + i + 1, where) for i in range(count)]
        return places

    def mat_drawer(self) -> Callable[[Canvas], None]:
        comp = self.t("mat")
        width, height = MAT_W_MM * mm, MAT_H_MM * mm
        slot_w, slot_h = POKER[0] * mm, POKER[1] * mm

        def draw(c: Canvas) -> None:
            c.saveState()
            stroke_rgb(c, DARK)
            c.setLineWidth(1)
            c.rect(3 * mm, 3 * mm, width - 6 * mm, height - 6 * mm, stroke=1, fill=0)
            fill_rgb(c, DARK)
            # the title above the first two places, the help above the next two: no text
            # crosses the gaps the mat is cut at
            two = 2 * slot_w + MAT_SLOT_GAP_MM * mm
            self.box(c, self.t("mat_title"), MAT_LEFT_MM * mm, height - 30 * mm, two,
                     22 * mm, size=16, min_size=11, comp=comp, bold=True, valign="middle",
                     lines=2)
            self.box(c, self.t("mat_help"), MAT_LEFT_MM * mm + two + MAT_SLOT_GAP_MM * mm,
                     height - 30 * mm, two, 23 * mm, size=9, min_size=7, comp=comp,
                     valign="middle", lines=5)
            for index, (number, where) in enumerate(self.mat_slots()):
                col, row = index % 5, index // 5
                x = MAT_LEFT_MM * mm + col * (slot_w + MAT_SLOT_GAP_MM * mm)
                y = height - 30 * mm - (row + 1) * (slot_h + 4 * mm)
                c.setDash(4, 3)
                c.roundRect(x, y, slot_w, slot_h, 3 * mm, stroke=1, fill=0)
                c.setDash()
                self.box(c, self.t("slot", n=number), x + 3 * mm, y + slot_h / 2,
                         slot_w - 6 * mm, 12 * mm, size=18, comp=comp, bold=True,
                         align="center", valign="middle", lines=1)
                self.box(c, self.t(where), x + 3 * mm,
                         y + slot_h / 2 - 10 * mm, slot_w - 6 * mm, 8 * mm, size=10,
                         comp=comp, align="center", valign="middle", lines=1)
            c.restoreState()
        return draw

    # ------------------------------------------------------------------ aid and sheet

    def aid(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("aids")
        blocks = ["aid_turn", "aid_fundraising", "aid_policy", "aid_advertising", "aid_chain",
                  "aid_end", "aid_scoring"]

        def draw(c: Canvas, box: CardBox) -> None:
            safe = box.safe + 2 * mm
            w, h = box.width, box.height
            c.saveState()
            stroke_rgb(c, ACTION_COLOR)
            c.setLineWidth(1.2)
            c.roundRect(box.safe, box.safe, w - 2 * box.safe, h - 2 * box.safe, 3 * mm,
                        stroke=1, fill=0)
            fill_rgb(c, ACTION_COLOR)
            self.box(c, f"{GAME_NAME} — {self.t('aid_title')}", safe, h - safe - 8 * mm,
                     w - 2 * safe, 8 * mm, size=13, comp=comp, bold=True, lines=1)
            fill_rgb(c, DARK)
            self.box(c, self.t("aid_start", money=game.START["money"], pawns=game.START["pawns"],
                               sincerity=game.START["sincerity"],
                               reserve=self.values["reserve"]),
                     safe, h - safe - 14 * mm, w - 2 * safe, 5.5 * mm, size=10, comp=comp,
                     lines=1)
            top = h - safe - 15 * mm
            each = (top - safe) / len(blocks)
            for i, key in enumerate(blocks):
                value = self.t(key, malus=self.values["skeleton_malus"])
                self.box(c, value, safe, top - (i + 1) * each, w - 2 * safe, each - 1 * mm,
                         size=10.5, min_size=6, comp=comp, lines=3)
            c.restoreState()
        return draw

    def score_sheet(self) -> Callable[[Canvas], None]:
        comp = self.t("score_sheet")
        page_w, page_h = self.s.page_size

        def draw(c: Canvas) -> None:
            left, width = 18 * mm, page_w - 36 * mm
            top = page_h - 20 * mm
            fill_rgb(c, DARK)
            self.box(c, f"{GAME_NAME} — {self.t('sheet_title')}", left, top - 10 * mm, width,
                     10 * mm, size=16, comp=comp, bold=True, lines=1)
            self.box(c, self.t("sheet_help"), left, top - 22 * mm, width, 11 * mm, size=9,
                     comp=comp, lines=2)
            first_w = 62 * mm
            col_w = (width - first_w) / game.MAX_PLAYERS
            row_h = 14 * mm
            labels = [self.t("player")]
            for region in game.REGIONS:
                a, b, p3 = self.points[region["id"]]
                labels.append(f"{self.region_name(region)}  ({a}/{b}/{p3})")
            labels += [self.t("malus_row", n=self.values["skeleton_malus"]), self.t("total"),
                       self.t("policy_row")]
            y = top - 26 * mm
            c.setLineWidth(0.6)
            stroke_rgb(c, DARK)
            for i, label in enumerate(labels):
                y -= row_h
                bold = i in (0, len(labels) - 2)
                self.box(c, label, left + 1.5 * mm, y + 1 * mm, first_w - 3 * mm, row_h - 2 * mm,
                         size=10, min_size=7, comp=comp, bold=bold, valign="middle", lines=2)
                c.line(left, y, left + width, y)
            bottom = y
            c.line(left, top - 26 * mm, left + width, top - 26 * mm)
            for i in range(game.MAX_PLAYERS + 1):
                x = left + first_w + i * col_w
                c.line(x, top - 26 * mm, x, bottom)
            c.line(left, top - 26 * mm, left, bottom)
        return draw

    # ------------------------------------------------------------------ the decks

    def kind_band(self, c: Canvas, box: CardBox, kind: str, title: str, comp: str) -> None:
        color = KIND_COLORS.get(kind, ACTION_COLOR)
        w, h = box.width, box.height
        c.saveState()
        if not box.low_ink:
            fill_rgb(c, color)
            c.rect(-box.bleed, h - 16 * mm, w + 2 * box.bleed, 16 * mm + box.bleed, stroke=0,
                   fill=1)
        fill_rgb(c, color if box.low_ink else ink_on(color))
        self.box(c, title, box.safe + 2 * mm, h - 14 * mm, w - 2 * box.safe - 16 * mm,
                 11 * mm, size=12, comp=comp, bold=True, valign="middle", lines=2)
        c.restoreState()

    def blue_circle(self, c: Canvas, box: CardBox, value: str, comp: str) -> None:
        cx, cy, r = box.width - box.safe - 7 * mm, box.height - 8 * mm, 5.5 * mm
        c.saveState()
        fill_rgb(c, "#ffffff")
        stroke_rgb(c, SINCERITY_BLUE)
        c.setLineWidth(1.5)
        c.circle(cx, cy, r, stroke=1, fill=1)
        fill_rgb(c, SINCERITY_BLUE)
        if value:
            self.box(c, value, cx - r, cy - r, 2 * r, 2 * r, size=13, comp=comp, bold=True,
                     align="center", valign="middle", lines=1)
        c.restoreState()

    def action_front(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("action_deck")
        kind = str(card.get("kind"))
        region = next((r for r in game.REGIONS if r["id"] == card.get("region")), None)
        body = self.t(f"card_{kind}", high=card.get("high"), low=card.get("low"),
                      pawns=card.get("pawns"), amount=card.get("amount"),
                      region=self.region_name(region) if region else "")
        title = str(card.get("name") or self.t(f"kind_{kind}"))

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, kind, title, comp)
            if kind not in game.SCANDALS:
                value = card.get("value")
                self.blue_circle(c, box, "" if value is None else str(value), comp)
            fill_rgb(c, DARK)
            self.box(c, self.t(f"kind_{kind}"), safe, h - 26 * mm, w - 2 * safe, 7 * mm,
                     size=10, comp=comp, bold=True, lines=1)
            self.box(c, body, safe, safe + 10 * mm, w - 2 * safe, h - 40 * mm, size=13,
                     min_size=7, comp=comp, align="center", valign="middle", lines=5)
            self.box(c, GAME_NAME, safe, safe, w - 2 * safe, 5 * mm, size=7, comp=comp,
                     align="center", lines=1)
        return draw

    def skeleton_front(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("skeleton_deck")
        title = str(card.get("name") or self.t("back_skeleton"))
        effect = self.t("skeleton_effect", money=signed(int(card.get("money") or 0)),
                        sincerity=signed(int(card.get("sincerity") or 0)),
                        pawns=signed(int(card.get("pawns") or 0)))

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, "skeleton", title, comp)
            fill_rgb(c, DARK)
            if card.get("text"):
                self.box(c, str(card["text"]), safe, safe + 22 * mm, w - 2 * safe,
                         h - 42 * mm, size=11, min_size=6, comp=comp, valign="middle")
            self.box(c, effect, safe, safe + 7 * mm, w - 2 * safe, 13 * mm, size=9,
                     min_size=6, comp=comp, bold=True, align="center", valign="middle",
                     lines=2)
            self.box(c, GAME_NAME, safe, safe, w - 2 * safe, 5 * mm, size=7, comp=comp,
                     align="center", lines=1)
        return draw

    def kind_boxes(self) -> str:
        """The kind line of a blank action card: each box tied to its label by no-break
        spaces, so a line never ends on a box whose label starts the next."""
        kinds = ("fundraising", "policy", "advertising", "blackmail", "journalist")
        return " ".join([self.t("blank_kind")] + [
            "□\u00a0" + self.t(f"kind_{kind}").replace(" ", "\u00a0") for kind in kinds])

    def action_blank(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("action_blank")
        lines = ["blank_kind", "blank_amounts", "blank_region", "blank_pawns"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, "action", self.t("back_action"), comp)
            self.blue_circle(c, box, "", comp)
            fill_rgb(c, DARK)
            self.box(c, self.t("blank_value"), w - safe - 16 * mm, h - 19 * mm, 16 * mm,
                     3 * mm, size=6, comp=comp, align="center", lines=1)
            each = (h - 24 * mm - safe) / len(lines)
            for i, key in enumerate(lines):
                text = self.kind_boxes() if key == "blank_kind" else tied(self.t(key))
                self.box(c, text, safe, h - 22 * mm - (i + 1) * each, w - 2 * safe,
                         each - 1 * mm, size=8.5, min_size=6, comp=comp, valign="middle",
                         lines=3)
        return draw

    def skeleton_blank(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("skeleton_blank")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, "skeleton", self.t("back_skeleton"), comp)
            fill_rgb(c, DARK)
            self.box(c, tied(self.t("blank_name")), safe, h - 26 * mm, w - 2 * safe, 7 * mm,
                     size=9, comp=comp, lines=1)
            self.box(c, self.t("blank_text"), safe, h - 34 * mm, w - 2 * safe, 6 * mm,
                     size=9, comp=comp, lines=1)
            c.saveState()
            stroke_rgb(c, "#999999")
            c.setLineWidth(0.4)
            for i in range(5):
                y = h - 40 * mm - i * 7 * mm
                c.line(safe, y, w - safe, y)
            c.restoreState()
            self.box(c, tied(self.t("blank_effect")), safe, safe + 3 * mm, w - 2 * safe, 10 * mm,
                     size=8.5, min_size=6, comp=comp, bold=True, valign="middle", lines=2)
        return draw

    def back(self, which: str) -> Callable[[Canvas, CardBox], None]:
        color = ACTION_COLOR if which == "action" else SKELETON_COLOR
        title = self.t(f"back_{which}")
        comp = f"{title} ({self.t('backs')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            c.saveState()
            if not box.low_ink:
                fill_rgb(c, color)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed, stroke=0,
                       fill=1)
            ink = color if box.low_ink else "#ffffff"
            stroke_rgb(c, ink)
            c.setLineWidth(1)
            c.roundRect(safe, safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
            fill_rgb(c, ink)
            self.box(c, title, safe + 3 * mm, h / 2 - 6 * mm, w - 2 * safe - 6 * mm, 14 * mm,
                     size=18, comp=comp, bold=True, align="center", valign="middle", lines=1)
            self.box(c, GAME_NAME, safe + 3 * mm, h / 2 - 16 * mm, w - 2 * safe - 6 * mm,
                     6 * mm, size=9, comp=comp, align="center", valign="middle", lines=1)
            c.restoreState()
        return draw


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False,
          options: Mapping[str, Any] | None = None) -> tuple[Document, Document | None]:
    """The kit with the table's edition values (house defaults without them)."""
    return Kit(settings, base_url, options).build(rules_only=rules_only)


def region_points(options: Mapping[str, Any] | None = None
                  ) -> Sequence[tuple[str, tuple[int, ...]]]:
    """Each region's 1st/2nd/3rd victory points as the kit prints them."""
    values = edition(options)
    return [(r["id"], tuple(values[game.points_option(r, p)] for p in range(3)))
            for r in game.REGIONS]
