"""The Mourir pour le Rock print-and-play kit.

Built from the data file the companion's engine reads (``companion/games/data/
mourir-pour-le-rock.toml``), so every number printed is the one the phones apply (house
defaults, to check against the group's copy): four player boards (the mental-health gauge in
its three colours, with the cubes each zone gives, and the songs track with its extra-action
song), the main board with each decade's actions and their costs, the market mat, the score
sheet (one column per player), the main die to fold (a glue tab on each of its 7 seams,
cut lines solid and folds dashed, the steps), the bribe token, fan and money tokens, the
action cubes as tokens one gauge value wide with their colour's mark, the cards of the decks
the text does not list (blank templates, as many as a game uses where the text says, or the
group's own card list), the checklist and the rule sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import mourir_pour_le_rock as engine
from companion.games.base import load_data

from ..draw import fill_rgb, ink_on, mark_letters, stroke_rgb
from ..layout import (
    EDGE,
    Card,
    CardBox,
    ChecklistRow,
    Document,
    Page,
    PrintSettings,
    fit_grid,
    hex_color,
    legible,
)
from ..text import BuildError, text_box
from ..texts import COMMON_TEXTS, localized
from .base import KitBase

GAME_ID = "mourir-pour-le-rock"
GAME_NAME = "Mourir pour le Rock"
KIT_VERSION = "1.0"
LANGUAGES = ("fr", "en")

POKER = (63.0, 88.0)
TOKEN = (20.0, 20.0)
CUBE = (7.5, 7.5)
"""An action cube's token: one value of the mental-health gauge (its cells are 7.9 mm wide
on A4) and within the main board's cube boxes (14 mm wide)."""
DIE_SIDE_MM = 30.0
DIE_TAB_MM = 7.0
INK = "#1a1a1a"
ROCK_RED = "#8e1b1b"

TEXTS: dict[str, dict[str, str]] = {
    **COMMON_TEXTS,
    "how_page": {"en": "One side; cut along the frame if you like",
                 "fr": "Recto seul ; découper le long du cadre si vous voulez"},
    "how_blank": {"en": "Blank: fill in from your copy; reprint a sheet for more",
                  "fr": "Vierges : à remplir d'après votre exemplaire ; réimprimer une "
                        "feuille pour plus"},
    "how_listed": {"en": "Your card list, printed", "fr": "Votre liste de cartes, imprimée"},
    "how_mixed": {"en": "Your card list, printed, and blank templates for the other decks",
                  "fr": "Votre liste de cartes, imprimée, et des modèles vierges pour les "
                        "autres paquets"},
    "how_double": {"en": "{what}; double-sided", "fr": "{what} ; recto verso"},
    "how_folded_cards": {"en": "{what}; fold each sheet on its middle line, glue, then cut",
                         "fr": "{what} ; plier chaque feuille sur sa ligne du milieu, coller, "
                               "puis découper"},
    "how_backs_glued": {"en": "{what}; glue each back sheet on, then cut",
                        "fr": "{what} ; coller chaque feuille de dos, puis découper"},
    "how_tokens": {"en": "Cut out; glue on card stock if you like",
                   "fr": "Découper ; coller sur du carton si vous voulez"},
    "how_die": {"en": "Cut the solid lines, fold the dashed ones, glue the 7 tabs",
                "fr": "Découper les traits pleins, plier les pointillés, coller les 7 "
                      "languettes"},
    "die_legend": {"en": "Solid line: cut · dashed line: fold · grey: glue tab",
                   "fr": "Trait plein : découper · pointillés : plier · gris : languette à "
                         "coller"},
    "die_steps": {
        "en": "1. Cut along the solid lines, tabs included.\n"
              "2. Fold every dashed line, the printed side out.\n"
              "3. Glue the four tabs of the side faces under the faces beside them: the "
              "die's walls stand round the middle face.\n"
              "4. Glue the lid's three tabs last, inside the walls, and press the die "
              "closed a few seconds.",
        "fr": "1. Découper le long des traits pleins, languettes comprises.\n"
              "2. Plier chaque pointillé, face imprimée à l'extérieur.\n"
              "3. Coller les quatre languettes des faces latérales sous les faces voisines : "
              "les parois du dé entourent la face du milieu.\n"
              "4. Coller en dernier les trois languettes du couvercle, à l'intérieur des "
              "parois, et tenir le dé fermé quelques secondes."},
    "glue": {"en": "glue", "fr": "colle"},
    "how_rules": {"en": "Keep at hand; scan the QR codes",
                  "fr": "À garder sous la main ; scannez les QR codes"},
    "bring_title": {"en": "Also bring", "fr": "À apporter aussi"},
    "bring": {
        "en": "• Two ordinary six-sided dice (the extra dice of a song).\n"
              "• Glue or tape for the main die; thin card stock for sturdier tokens.\n"
              "• Instead of the cube tokens, 6 cubes per player in their colour.\n"
              "• Optional: a phone with the table companion: it keeps every board, rolls the "
              "songs and makes the final count.\n"
              "• Every number printed is a house default: check it against your copy.",
        "fr": "• Deux dés à six faces ordinaires (les dés supplémentaires des chansons).\n"
              "• De la colle ou du ruban adhésif pour le dé principal ; du carton fin pour "
              "des jetons plus solides.\n"
              "• Au lieu des jetons cubes, 6 cubes par joueur à sa couleur.\n"
              "• Facultatif : un téléphone avec le compagnon de table : il tient tous les "
              "plateaux, lance les chansons et fait le décompte final.\n"
              "• Tous les nombres imprimés sont des valeurs maison : vérifiez-les sur votre "
              "exemplaire.",
    },
    "house": {"en": "* house default — check your copy",
              "fr": "* valeur maison — vérifiez votre exemplaire"},
    "boards": {"en": "Player boards", "fr": "Plateaux des joueurs"},
    "board_title": {"en": "Player board — {colour}", "fr": "Plateau du joueur — {colour}"},
    "main_board": {"en": "Main board", "fr": "Plateau principal"},
    "market": {"en": "Market mat", "fr": "Tapis du marché"},
    "score_sheet": {"en": "Score sheet", "fr": "Feuille de score"},
    "die": {"en": "Main die", "fr": "Dé principal"},
    "tokens": {"en": "Tokens", "fr": "Jetons"},
    "cards": {"en": "Cards", "fr": "Cartes"},
    "start_money": {"en": "Starting money: $________ (house default {money}*)",
                    "fr": "Argent de départ : ________ $ (valeur maison {money}*)"},
    "start_mental": {"en": "Starting mental health: ____ (house default {mental}*)",
                     "fr": "Santé mentale de départ : ____ (valeur maison {mental}*)"},
    "power": {"en": "Unique power:", "fr": "Pouvoir unique :"},
    "gauge": {"en": "Mental health", "fr": "Santé mentale"},
    "zone_green": {"en": "green: {n} cubes", "fr": "vert : {n} cubes"},
    "zone_yellow": {"en": "yellow: {n} cubes", "fr": "jaune : {n} cubes"},
    "zone_red": {"en": "red: {n} cube", "fr": "rouge : {n} cube"},
    "dead": {"en": "dies for rock: +{n}", "fr": "mort pour le rock : +{n}"},
    "gauge_help": {
        "en": "Start of each turn: take the cubes of your zone. The first time you end a turn "
              "below {vice}: draw a vice. Detox only at {detox} or less.",
        "fr": "Début de chaque tour : prenez les cubes de votre zone. La première fois que "
              "vous finissez un tour sous {vice} : piochez un vice. Détox seulement à {detox} "
              "ou moins.",
    },
    "songs": {"en": "Songs", "fr": "Chansons"},
    "songs_help": {
        "en": "★ song {n}: one extra action this turn, once a game. A song rolls the main die, "
              "+1 die with {one}–{one_top} gear cards, +2 with {two} or more; total × {pip}.",
        "fr": "★ chanson {n} : une action de plus ce tour-ci, une fois par partie. Une chanson "
              "lance le dé principal, +1 dé avec {one} à {one_top} cartes gear, +2 avec {two} "
              "ou plus ; total × {pip}.",
    },
    "area_tours": {"en": "Tours (continent of each)", "fr": "Tournées (continent de chacune)"},
    "area_gear": {"en": "Gear (symbols)", "fr": "Gear (symboles)"},
    "area_agents": {"en": "Agents", "fr": "Agents"},
    "area_vices": {"en": "Vices", "fr": "Vices"},
    "area_objectives": {"en": "Objectives: 1 main + {n} mini",
                        "fr": "Objectifs : 1 principal + {n} mini"},
    "area_fans": {"en": "Fans and money (tokens)", "fr": "Fans et argent (jetons)"},
    "cube_here": {"en": "cubes", "fr": "cubes"},
    "decade_opens": {"en": "unlocked when the decade begins",
                     "fr": "débloquées à l'entrée dans la décennie"},
    "board_help": {
        "en": "One cube per action, one at a time from the first player (who passes left each "
              "turn). An action is never blocked unless its space says so. A decade ends when "
              "its tours are gone (that turn is finished); the game, after the 2000s'.",
        "fr": "Un cube par action, un à la fois à partir du premier joueur (qui passe à "
              "gauche à chaque tour). Une action n'est jamais bloquée sauf mention sur la "
              "case. Une décennie finit quand ses tournées sont épuisées (le tour en cours se "
              "termine) ; la partie, après celles des années 2000.",
    },
    "tours_count": {"en": "{n} tour cards*", "fr": "{n} cartes tournées*"},
    "effect_tour": {
        "en": "Take a market tour: pay its cost (money and/or mental health), have its fans; "
              "gain fans, maybe money and souvenir points.",
        "fr": "Prenez une tournée du marché : payez son coût (argent et/ou santé mentale), "
              "ayez ses fans ; gagnez des fans, peut-être de l'argent et des points souvenirs."},
    "effect_agent": {"en": "Take a market agent: pay its price; a passive power.",
                     "fr": "Prenez un agent du marché : payez son prix ; un pouvoir "
                           "passif."},
    "effect_gear": {"en": "Take market gear: pay its cost; more dice for songs, sets of "
                          "symbols.",
                    "fr": "Prenez du gear du marché : payez son coût ; plus de dés pour les "
                          "chansons, séries de symboles."},
    "effect_song": {"en": "Roll the main die (+ gear dice): total × {pip}*; +1 song.",
                    "fr": "Lancez le dé principal (+ dés du gear) : total × {pip}* ; +1 "
                          "chanson."},
    "effect_psy": {"en": "+{n}* mental health.", "fr": "+{n}* santé mentale."},
    "effect_detox": {"en": "Only at {n}* or less: back to your starting value.",
                     "fr": "Seulement à {n}* ou moins : retour à votre valeur de départ."},
    "effect_therapy": {"en": "Discard one of your vices.", "fr": "Défaussez un de vos vices."},
    "effect_record_contract": {"en": "+{m}* mental health, +{f}* fans.",
                               "fr": "+{m}* santé mentale, +{f}* fans."},
    "effect_mushroom_trip": {"en": "Pay {money}*: one more main objective, of two.",
                             "fr": "Payez {money}* : un objectif principal de plus, parmi "
                                   "deux."},
    "effect_artistic_exploration": {
        "en": "Once a game per player: +{money}*, mini-objectives back to {n}*.",
        "fr": "Une fois par partie et par joueur : +{money}*, mini-objectifs complétés à "
              "{n}*."},
    "effect_award": {"en": "Take a prize card whose condition you meet.",
                     "fr": "Prenez une carte prix dont vous remplissez la condition."},
    "effect_rock_star": {"en": "With {n}* vices: +{f}* fans, +{m}* mental health, write a "
                               "song.",
                         "fr": "Avec {n}* vices : +{f}* fans, +{m}* santé mentale, écrivez "
                               "une chanson."},
    "effect_viral_video": {"en": "Pay {m}* mental health: +{f}* fans.",
                           "fr": "Payez {m}* santé mentale : +{f}* fans."},
    "effect_bribe": {"en": "Once in the whole game: pay {money}*, take the bribe token "
                           "({n}* points).",
                     "fr": "Une fois dans toute la partie : payez {money}*, prenez le jeton "
                           "pot de vin ({n}* points)."},
    "market_event": {"en": "pile {n}: an event under it", "fr": "pile {n} : un événement "
                                                                "dessous"},
    "market_plain": {"en": "pile {n}: no event", "fr": "pile {n} : sans événement"},
    "market_help": {
        "en": "Spread the event cards face down over piles 1 to 4, then the decade's tours "
              "face up on all six. Buying a card with an event under it: draw the event and "
              "carry it out at once.",
        "fr": "Répartissez les cartes événements face cachée sur les piles 1 à 4, puis les "
              "tournées de la décennie face visible sur les six. Une carte achetée avec un "
              "événement dessous : piochez l'événement et appliquez-le tout de suite.",
    },
    "score_title": {"en": "Score sheet — souvenir points", "fr": "Feuille de score — points "
                                                                "souvenirs"},
    "player": {"en": "Player", "fr": "Joueur"},
    "cat_tours": {"en": "Tour cards", "fr": "Cartes tournées"},
    "cat_awards": {"en": "Prizes", "fr": "Prix"},
    "cat_objectives": {"en": "Completed objectives", "fr": "Objectifs réalisés"},
    "cat_gear": {"en": "Gear: identical or different sets", "fr": "Gear : séries identiques "
                                                                  "ou différentes"},
    "cat_fans": {"en": "Fans: 1 per {n}*", "fr": "Fans : 1 par tranche de {n}*"},
    "cat_money": {"en": "Money: 1 per {n}*", "fr": "Argent : 1 par tranche de {n}*"},
    "cat_mental": {"en": "Mental health left: {n}* each", "fr": "Santé mentale restante : "
                                                                "{n}* chacune"},
    "cat_bribe": {"en": "Bribe token: {n}*", "fr": "Jeton pot de vin : {n}*"},
    "cat_death": {"en": "Died for rock: {n}*", "fr": "Mort pour le rock : {n}*"},
    "cat_play": {"en": "Events and powers", "fr": "Événements et pouvoirs"},
    "total": {"en": "Total (most wins; a tie is shared)",
              "fr": "Total (le plus haut gagne ; égalité : victoire partagée)"},
    "gear_rule": {"en": "Gear: a set of {size}* identical symbols {same}*, of {size}* "
                        "different ones {diff}*; each card in one set.",
                  "fr": "Gear : une série de {size}* symboles identiques {same}*, de {size}* "
                        "différents {diff}* ; chaque carte dans une seule série."},
    "die_help": {"en": "The main die has no 1 or 2: faces {faces}*.",
                 "fr": "Le dé principal n'a ni 1 ni 2 : faces {faces}*."},
    "bribe": {"en": "Bribe", "fr": "Pot de vin"},
    "fans_token": {"en": "fans", "fr": "fans"},
    "cube_token": {"en": "cube", "fr": "cube"},
    "back_label": {"en": "back", "fr": "dos"},
    "field_name": {"en": "Name", "fr": "Nom"},
    "field_decade": {"en": "Decade", "fr": "Décennie"},
    "field_cost_money": {"en": "Cost $", "fr": "Coût $"},
    "field_cost_mental": {"en": "Cost mental", "fr": "Coût mental"},
    "field_fans_needed": {"en": "Fans needed", "fr": "Fans requis"},
    "field_fans": {"en": "Fans +", "fr": "Fans +"},
    "field_money": {"en": "Money +", "fr": "Argent +"},
    "field_souvenir": {"en": "Souvenir points", "fr": "Points souvenirs"},
    "field_continent": {"en": "Continent", "fr": "Continent"},
    "field_symbol": {"en": "Symbol", "fr": "Symbole"},
    "field_text": {"en": "Effect", "fr": "Effet"},
    "cubes_count": {"en": "{n} per colour", "fr": "{n} par couleur"},
    "tokens_count": {"en": "1 bribe, {f1} + {f5} fans, {m1} + {m5} money, {cubes} cubes",
                     "fr": "1 pot de vin, {f1} + {f5} fans, {m1} + {m5} argent, {cubes} "
                           "cubes"},
    "colour_purple": {"en": "purple", "fr": "violet"},
    "colour_orange": {"en": "orange", "fr": "orange"},
    "colour_blue": {"en": "blue", "fr": "bleu"},
    "colour_black": {"en": "black", "fr": "noir"},
}


def text(key: str, lang: str, **values: Any) -> str:
    return localized(TEXTS, key, lang, **values)


def number(value: int, lang: str) -> str:
    """1,000 in English, 1 000 in French (narrow no-break space)."""
    return f"{value:,}".replace(",", "\u202f" if lang == "fr" else ",")


def money(value: int, lang: str) -> str:
    return f"{number(value, lang)}\u00a0$" if lang == "fr" else f"${number(value, lang)}"


def name_in(item: Mapping[str, Any], lang: str) -> str:
    return str(item.get(f"name_{lang}", item["name_en"]))


def ink_for(color: str) -> str:
    """Black or white text, whichever contrasts more with a fill of this colour."""
    return ink_on(color, dark="#000000")


class Kit(KitBase):
    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None,
                 cards: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__(settings, base_url)
        self.d = load_data(GAME_ID)
        self.v = {o.name: o.default for o in engine.OPTIONS if o.kind == "int"}
        self.cards = [dict(card) for card in (cards or [])]
        self.marks = mark_letters({c: text("colour_" + c, self.lang)
                                   for c in self.d["players"]["colours"]})
        for index, card in enumerate(self.cards):
            if card.get("kind") not in engine.DECKS:
                raise BuildError(f"card {index + 1} of the card list: kind must be one of "
                                 f"{', '.join(engine.DECKS)}", GAME_ID)

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def money(self, value: int) -> str:
        return money(value, self.lang)

    def number(self, value: int) -> str:
        return number(value, self.lang)

    def colour(self, colour: str) -> str:
        return str(self.d["colour_values"][colour])

    def zone_colour(self, zone: str) -> str:
        return str(self.d["zone_colours"][zone])

    def box(self, c: Canvas, x: float, y: float, w: float, h: float, colour: str | None = None,
            *, line: float = 0.8, radius: float = 2 * mm) -> None:
        """A framed box; filled with ``colour`` (outlined only when printing low ink)."""
        c.saveState()
        c.setLineWidth(line)
        if colour is not None and not self.s.low_ink:
            fill_rgb(c, colour)
            stroke_rgb(c, colour if colour != "#ffffff" else INK)
            c.roundRect(x, y, w, h, radius, stroke=1, fill=1)
        else:
            # low ink: the outline only, in the colour unless it is too pale to see
            pale = colour is not None and sum(hex_color(colour)) > 2.55
            stroke_rgb(c, INK if colour is None or pale else colour)
            c.roundRect(x, y, w, h, radius, stroke=1, fill=0)
        c.restoreState()

    def write(self, c: Canvas, words: str, x: float, y: float, w: float, h: float, *,
              size: float = 9, min_size: float = 6, bold: bool = False, align: str = "left",
              valign: str = "top", colour: str = INK, component: str = "",
              max_lines: int | None = None) -> None:
        c.saveState()
        fill_rgb(c, colour)
        text_box(c, words, x, y, w, h, fonts=self.fonts, size=size, min_size=min_size,
                 component=component or GAME_NAME, bold=bold, align=align, valign=valign,
                 max_lines=max_lines)
        c.restoreState()

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Every component, then the rule sheet; the rows of the checklist."""
        from ..rulesheet import add_rule_sheet

        rows: list[ChecklistRow] = []

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            first = start + 1
            while first <= len(doc.pages) and not doc.pages[first - 1].component.startswith(
                    name):
                first += 1
            rows.append((name, count, first, len(doc.pages), how))

        colours = list(self.d["players"]["colours"])
        # single-sided, backs in the same file: each sheet of backs is glued to its fronts
        single = self.s.duplex == "none" and backs is None

        def add_boards() -> None:
            for colour in colours:
                self.add_single(doc, Page(f"{self.t('boards')}: {self.t('colour_' + colour)}",
                                          self.player_board(colour)))

        section(self.t("boards"), str(len(colours)), self.t("how_page"), add_boards)
        section(self.t("main_board"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("main_board"), self.main_board())))
        section(self.t("market"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("market"), self.market_mat())))
        section(self.t("score_sheet"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("score_sheet"), self.score_sheet())))
        section(self.t("die"), "1", self.t("how_die"),
                lambda: self.add_single(doc, Page(self.t("die"), self.die_net())))
        k = self.d["kit"]
        cubes = k["cubes_per_player"] * len(colours)
        section(self.t("tokens"), self.t("tokens_count", f1=k["fan_tokens_1000"],
                                         f5=k["fan_tokens_5000"], m1=k["money_1000"],
                                         m5=k["money_5000"], cubes=cubes),
                self.t("how_glued") if single else self.t("how_tokens"),
                lambda: (doc.add_cards(self.tokens(), TOKEN, component=self.t("tokens"),
                                       gutter_mm=3, backs=backs),
                         doc.add_cards(self.cubes(), CUBE, component=self.t("tokens"),
                                       backs=backs)))
        cards = self.deck_cards()
        listed = sorted({card.kind for card in cards if card.listed})
        what = self.t("how_listed") if listed else self.t("how_blank")
        if listed and len(listed) < len(engine.DECKS):
            what = self.t("how_mixed")
        how = self.t("how_backs_glued" if single else "how_folded_cards" if self.s.folded
                     else "how_double", what=what)
        section(self.t("cards"), str(len(cards)), how,
                lambda: doc.add_cards([card.card for card in cards], POKER,
                                      component=self.t("cards"), backs=backs))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    def add_single(self, doc: Document, page: Page) -> None:
        """A one-sided page: in duplex it starts a sheet and gets an empty back."""
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    def checklist_title(self) -> str:
        return f"{GAME_NAME} — {self.t('checklist_title')}"

    def frame(self, c: Canvas, title: str) -> tuple[float, float, float, float]:
        """The page's title and house-default note; returns the area left (x, y, w, h)."""
        page_w, page_h = self.s.page_size
        left, right, top, bottom = 14 * mm, page_w - 14 * mm, page_h - 14 * mm, 12 * mm
        self.write(c, title, left, top - 9 * mm, right - left, 9 * mm, size=16, min_size=10,
                   bold=True, colour=ROCK_RED, max_lines=1)
        self.write(c, self.t("house"), left, bottom, right - left, 4 * mm, size=7,
                   min_size=6, align="right", max_lines=1)
        return left, bottom + 6 * mm, right - left, top - 11 * mm - (bottom + 6 * mm)

    # ------------------------------------------------------------------ player boards

    def player_board(self, colour: str) -> Callable[[Canvas], None]:
        v = self.v
        colour_name = self.t("colour_" + colour)
        comp = f"{self.t('boards')}: {colour_name}"

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, self.t("board_title", colour=colour_name))
            top = y + h
            self.box(c, x, top - 4 * mm, w, 4 * mm, self.colour(colour), radius=1 * mm)
            top -= 7 * mm
            self.write(c, self.t("start_money", money=self.money(v["start_money"])), x,
                       top - 6 * mm, w / 2, 6 * mm, size=9, component=comp)
            self.write(c, self.t("start_mental", mental=v["mental_start"]), x + w / 2,
                       top - 6 * mm, w / 2, 6 * mm, size=9, component=comp)
            top -= 8 * mm
            self.write(c, self.t("power"), x, top - 6 * mm, 30 * mm, 6 * mm, size=9,
                       bold=True, component=comp)
            c.setLineWidth(0.5)
            c.line(x + 30 * mm, top - 5 * mm, x + w, top - 5 * mm)
            c.line(x, top - 12 * mm, x + w, top - 12 * mm)
            top -= 17 * mm
            top = self.gauge(c, x, top, w, comp)
            top = self.songs_track(c, x, top - 4 * mm, w, comp)
            # Card areas: two columns of framed spaces.
            areas = [("area_tours", {}), ("area_gear", {}), ("area_agents", {}),
                     ("area_vices", {}), ("area_objectives", {"n": v["mini_objectives"]}),
                     ("area_fans", {})]
            gap = 4 * mm
            cell_w = (w - gap) / 2
            rows = 3
            cell_h = (top - 4 * mm - y - gap * (rows - 1)) / rows
            for i, (key, values) in enumerate(areas):
                cx = x + (i % 2) * (cell_w + gap)
                cy = top - 4 * mm - (i // 2 + 1) * cell_h - (i // 2) * gap
                self.box(c, cx, cy, cell_w, cell_h)
                self.write(c, self.t(key, **values), cx + 2 * mm, cy + cell_h - 7 * mm,
                           cell_w - 4 * mm, 5 * mm, size=9, bold=True, component=comp,
                           max_lines=1)
        return draw

    def gauge(self, c: Canvas, x: float, top: float, w: float, comp: str) -> float:
        """The mental-health gauge 0..max in its three colours; returns the y below it."""
        v = self.v
        self.write(c, self.t("gauge"), x, top - 6 * mm, w, 6 * mm, size=12, bold=True,
                   component=comp)
        top -= 8 * mm
        cells = v["mental_max"] + 1
        cell = w / cells
        height = 13 * mm
        for n in range(cells):
            zone = engine.zone_of(n, v)
            cx = x + n * cell
            self.box(c, cx + 0.4 * mm, top - height, cell - 0.8 * mm, height,
                     self.zone_colour(zone), radius=1 * mm)
            ink = INK if self.s.low_ink else ink_for(self.zone_colour(zone))
            self.write(c, "†" if n == 0 else str(n), cx, top - height, cell, height, size=11,
                       min_size=6, bold=True, align="center", valign="middle", colour=ink,
                       component=comp, max_lines=1)
        top -= height + 1.5 * mm
        # The zones' names and cubes under their cells.
        spans = [("dead", 0, 0, self.t("dead", n=v["death_points"])),
                 ("red", 1, v["mental_yellow_from"] - 1,
                  self.t("zone_red", n=v["mental_red_actions"])),
                 ("yellow", v["mental_yellow_from"], v["mental_green_from"] - 1,
                  self.t("zone_yellow", n=v["mental_yellow_actions"])),
                 ("green", v["mental_green_from"], v["mental_max"],
                  self.t("zone_green", n=v["mental_green_actions"]))]
        for zone, low, high, words in spans:
            if zone == "dead":
                continue
            sx, sw = x + low * cell, (high - low + 1) * cell
            c.saveState()
            stroke_rgb(c, self.zone_colour(zone))
            c.setLineWidth(1.6)
            c.line(sx + 0.5 * mm, top, sx + sw - 0.5 * mm, top)
            c.restoreState()
            self.write(c, words + "*", sx, top - 5.5 * mm, sw, 5 * mm, size=8, min_size=6,
                       bold=True, align="center", colour=legible(self.zone_colour(zone)),
                       component=comp, max_lines=1)
        self.write(c, "† " + self.t("dead", n=v["death_points"]) + "*", x, top - 11 * mm,
                   w * 0.3, 5 * mm, size=7, min_size=6, component=comp, max_lines=1)
        self.write(c, self.t("gauge_help", vice=v["mental_vice_below"],
                             detox=v["mental_detox_at_most"]), x + w * 0.3, top - 15 * mm,
                   w * 0.7, 10 * mm, size=7.5, min_size=6, component=comp)
        return top - 16 * mm

    def songs_track(self, c: Canvas, x: float, top: float, w: float, comp: str) -> float:
        v = self.v
        self.write(c, self.t("songs"), x, top - 6 * mm, w, 6 * mm, size=12, bold=True,
                   component=comp)
        top -= 8 * mm
        cells = v["songs_max"] + 1
        cell = w / cells
        height = 11 * mm
        for n in range(cells):
            special = n == v["songs_extra_action_at"]
            self.box(c, x + n * cell + 0.5 * mm, top - height, cell - 1 * mm, height,
                     "#f9e0a0" if special else None, radius=1.5 * mm)
            self.write(c, f"★{n}" if special else str(n), x + n * cell, top - height, cell,
                       height, size=11, min_size=6, bold=True, align="center",
                       valign="middle", component=comp, max_lines=1)
        top -= height + 1.5 * mm
        one = v["songs_one_extra_die_gear"]
        self.write(c, self.t("songs_help", n=v["songs_extra_action_at"], one=one,
                             one_top=v["songs_two_extra_dice_gear"] - 1,
                             two=v["songs_two_extra_dice_gear"],
                             pip=self.money(v["songs_income_per_pip"])) + " *",
                   x, top - 9 * mm, w, 9 * mm, size=7.5, min_size=6, component=comp)
        return top - 10 * mm

    # ------------------------------------------------------------------ main board

    def effect(self, action: str) -> str:
        v = self.v
        values: dict[str, Any] = {
            "song": {"pip": self.money(v["songs_income_per_pip"])},
            "psy": {"n": v["psy_mental"]},
            "detox": {"n": v["mental_detox_at_most"]},
            "record_contract": {"m": v["record_contract_mental"],
                                "f": self.number(v["record_contract_fans"])},
            "mushroom_trip": {"money": self.money(v["mushroom_trip_money"])},
            "artistic_exploration": {"money": self.money(v["exploration_money"]),
                                     "n": v["mini_objectives"]},
            "rock_star": {"n": v["rock_star_vices"], "f": self.number(v["rock_star_fans"]),
                          "m": v["rock_star_mental"]},
            "viral_video": {"m": v["viral_video_mental"],
                            "f": self.number(v["viral_video_fans"])},
            "bribe": {"money": self.money(v["bribe_money"]), "n": v["bribe_points"]},
        }.get(action, {})
        return self.t(f"effect_{action}", **values)

    def main_board(self) -> Callable[[Canvas], None]:
        comp = self.t("main_board")
        decades = list(self.d["decade"])
        actions = list(self.d["action"])

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {comp}")
            top = y + h
            self.write(c, self.t("board_help"), x, top - 12 * mm, w, 12 * mm, size=8,
                       min_size=6, component=comp)
            top -= 14 * mm
            gap = 3 * mm
            col_w = (w - gap) / 2
            rows = sum((len([a for a in actions if a["decade"] == d["id"]]) + 1) // 2
                       for d in decades)
            head = 9 * mm
            box_h = min(30 * mm, (top - y - len(decades) * (head + 2 * mm) - rows * gap)
                        / rows)
            band_colours = ("#f3d6e4", "#d6e4f3", "#e4f3d6")
            for d, band in zip(decades, band_colours, strict=True):
                mine = [a for a in actions if a["decade"] == d["id"]]
                count = self.v[f"tours_{d['id']}"]
                band_h = head + ((len(mine) + 1) // 2) * (box_h + gap)
                self.box(c, x - 1 * mm, top - band_h, w + 2 * mm, band_h + 1 * mm, band,
                         radius=3 * mm)
                title = f"{name_in(d, self.lang)} · {self.t('tours_count', n=count)}"
                if d["id"] != decades[0]["id"]:
                    title += f" · {self.t('decade_opens')}"
                self.write(c, title, x + 2 * mm, top - head + 1.5 * mm, w - 4 * mm, head - 2 * mm,
                           size=11, min_size=6, bold=True, component=comp, max_lines=1)
                for i, a in enumerate(mine):
                    bx = x + (i % 2) * (col_w + gap)
                    by = top - head - (i // 2 + 1) * box_h - (i // 2) * gap
                    self.box(c, bx, by, col_w, box_h, "#ffffff")
                    self.write(c, name_in(a, self.lang), bx + 2 * mm, by + box_h - 6.5 * mm,
                               col_w - 20 * mm, 5.5 * mm, size=10, min_size=6, bold=True,
                               component=comp, max_lines=1)
                    self.write(c, self.effect(a["id"]), bx + 2 * mm, by + 1.5 * mm,
                               col_w - 20 * mm, box_h - 9 * mm, size=8, min_size=6,
                               component=f"{comp}: {a['id']}")
                    # The space where the cubes go.
                    c.saveState()
                    c.setDash(2, 2)
                    c.setLineWidth(0.6)
                    c.rect(bx + col_w - 16 * mm, by + 2 * mm, 14 * mm, box_h - 4 * mm)
                    c.restoreState()
                    self.write(c, self.t("cube_here"), bx + col_w - 16 * mm, by + 2.5 * mm,
                               14 * mm, 4 * mm, size=6, min_size=6, align="center",
                               component=comp, max_lines=1)
                top -= band_h + 2 * mm
        return draw

    def market_mat(self) -> Callable[[Canvas], None]:
        comp = self.t("market")

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {comp}")
            top = y + h
            self.write(c, self.t("market_help"), x, top - 14 * mm, w, 14 * mm, size=9,
                       min_size=6, component=comp)
            top -= 18 * mm
            card_w, card_h = POKER[0] * mm, POKER[1] * mm
            # three real cards side by side are wider than the frame: the spaces use the
            # paper's width up to its blank edge, centred by the layout core
            grid = fit_grid(self.s.page_size, card_w, card_h, bleed=0, gutter=4 * mm,
                            margin=EDGE + 1 * mm)
            if grid.cols < 3:
                raise BuildError(f"{comp}: three card spaces do not fit this paper", GAME_ID)
            gap_x = grid.gutter
            x0 = grid.x0 + (grid.cols - 3) * (card_w + gap_x) / 2
            for i in range(6):
                cx = x0 + (i % 3) * (card_w + gap_x)
                cy = top - (i // 3 + 1) * (card_h + 14 * mm) + 10 * mm
                event = i < 4
                c.saveState()
                c.setDash(4, 3)
                c.setLineWidth(0.8)
                c.roundRect(cx, cy, card_w, card_h, 3 * mm)
                c.restoreState()
                label = self.t("market_event" if event else "market_plain", n=i + 1)
                self.write(c, label, cx, cy - 8 * mm, card_w, 7 * mm, size=9, min_size=6,
                           bold=event, align="center", component=comp, max_lines=2)
        return draw

    # ------------------------------------------------------------------ score sheet

    def score_sheet(self) -> Callable[[Canvas], None]:
        comp = self.t("score_sheet")
        v = self.v
        rows = [
            self.t("cat_tours"), self.t("cat_awards"), self.t("cat_objectives"),
            self.t("cat_gear"), self.t("cat_fans", n=self.number(v["fans_per_point"])),
            self.t("cat_money", n=self.money(v["money_per_point"])),
            self.t("cat_mental", n=v["mental_points"]), self.t("cat_bribe", n=v["bribe_points"]),
            self.t("cat_death", n=v["death_points"]), self.t("cat_play"),
        ]
        assert len(rows) == len(engine.SCORE_CATEGORIES)
        players = self.d["players"]["max"]

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {self.t('score_title')}")
            top = y + h - 2 * mm
            first_w = w * 0.4
            col_w = (w - first_w) / players
            row_h = min(16 * mm, (h - 30 * mm) / (len(rows) + 2))
            all_rows = [self.t("player")] + rows + [self.t("total")]
            for r, label in enumerate(all_rows):
                ry = top - (r + 1) * row_h
                shade = "#eeeeee" if r in (0, len(all_rows) - 1) else None
                self.box(c, x, ry, w, row_h, shade, radius=0, line=0.6)
                self.write(c, label, x + 2 * mm, ry + 1 * mm, first_w - 4 * mm, row_h - 2 * mm,
                           size=10, min_size=6, bold=r in (0, len(all_rows) - 1),
                           valign="middle", component=comp)
                c.setLineWidth(0.6)
                for p in range(players):
                    c.line(x + first_w + p * col_w, ry, x + first_w + p * col_w, ry + row_h)
            self.write(c, self.t("gear_rule", size=v["gear_set_size"],
                                 same=v["gear_identical_points"],
                                 diff=v["gear_different_points"]),
                       x, top - (len(all_rows) + 1) * row_h - 2 * mm, w, row_h, size=8,
                       min_size=6, component=comp)
        return draw

    # ------------------------------------------------------------------ the main die

    DIE_FACES = ((1, 3), (0, 2), (1, 2), (2, 2), (1, 1), (1, 0))
    """The net's faces (column, row from the bottom): a column of four, one face on each
    side of the second from the top."""
    DIE_TABS = (((0, 2), "top"), ((0, 2), "bottom"), ((2, 2), "top"), ((2, 2), "bottom"),
                ((1, 0), "left"), ((1, 0), "right"), ((1, 0), "bottom"))
    """One glue tab for each of the cube's 7 seams: the side faces' 4 (each glued to the
    top or the bottom face's edge) and the lid's 3 (the face at the column's end)."""

    def die_net(self) -> Callable[[Canvas], None]:
        comp = self.t("die")
        faces = list(self.d["songs"]["main_die_faces"])
        side, tab = DIE_SIDE_MM * mm, DIE_TAB_MM * mm
        steps = {"left": (-1, 0), "right": (1, 0), "top": (0, 1), "bottom": (0, -1)}

        def edge(fx: float, fy: float, where: str) -> tuple[float, float, float, float]:
            return {"left": (fx, fy, fx, fy + side), "right": (fx + side, fy, fx + side, fy + side),
                    "top": (fx, fy + side, fx + side, fy + side),
                    "bottom": (fx, fy, fx + side, fy)}[where]

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {comp}")
            top = y + h
            self.write(c, self.t("die_help", faces=", ".join(str(f) for f in faces)), x,
                       top - 7 * mm, w, 7 * mm, size=10, component=comp)
            self.write(c, self.t("die_legend"), x, top - 13 * mm, w, 6 * mm, size=9,
                       bold=True, component=comp, max_lines=1)
            ox = x + (w - 3 * side) / 2
            oy = top - 16 * mm - tab - 4 * side
            cells = set(self.DIE_FACES)
            tabs = set(self.DIE_TABS)
            c.saveState()
            stroke_rgb(c, INK)
            # the tabs: grey, a trapezoid outside the edge, its sides cut
            for (col, row), where in self.DIE_TABS:
                x0, y0, x1, y1 = edge(ox + col * side, oy + row * side, where)
                dx, dy = steps[where]
                inset = 5 * mm
                ux, uy = (x1 - x0) / side, (y1 - y0) / side
                path = c.beginPath()
                path.moveTo(x0, y0)
                path.lineTo(x0 + dx * tab + ux * inset, y0 + dy * tab + uy * inset)
                path.lineTo(x1 + dx * tab - ux * inset, y1 + dy * tab - uy * inset)
                path.lineTo(x1, y1)
                fill_rgb(c, "#ffffff" if self.s.low_ink else "#d9d9d9")
                c.setLineWidth(0.9)
                c.drawPath(path, stroke=1, fill=1)
                fill_rgb(c, INK)
                c.saveState()
                c.translate((x0 + x1) / 2 + dx * tab / 2, (y0 + y1) / 2 + dy * tab / 2)
                if dx:  # along a side tab, read from the outside
                    c.rotate(-90 * dx)
                self.write(c, self.t("glue"), -10 * mm, -2.5 * mm, 20 * mm, 5 * mm,
                           size=7, min_size=6, align="center", valign="middle",
                           component=comp, max_lines=1)
                c.restoreState()
            for (col, row), face in zip(self.DIE_FACES, faces, strict=True):
                fx, fy = ox + col * side, oy + row * side
                for where, (dx, dy) in steps.items():
                    x0, y0, x1, y1 = edge(fx, fy, where)
                    fold = (col + dx, row + dy) in cells or ((col, row), where) in tabs
                    if fold:
                        if (col + dx, row + dy) in cells and (dx, dy) in ((-1, 0), (0, -1)):
                            continue  # drawn once, from the other face
                        c.setDash(3, 2)
                        c.setLineWidth(0.6)
                    else:
                        c.setDash()
                        c.setLineWidth(0.9)
                    c.line(x0, y0, x1, y1)
                c.setDash()
                self.write(c, str(face), fx, fy, side, side, size=36, min_size=10, bold=True,
                           align="center", valign="middle", component=comp, max_lines=1)
            c.restoreState()
            steps_top = oy - tab - 4 * mm
            self.write(c, self.t("die_steps"), x, max(y, steps_top - 40 * mm), w,
                       min(40 * mm, steps_top - y), size=9, min_size=6, component=comp)
        return draw

    # ------------------------------------------------------------------ tokens

    def tokens(self) -> list[Card]:
        k = self.d["kit"]
        v = self.v
        cards = [self.token_card("bribe", self.t("bribe"), f"{v['bribe_points']}*", ROCK_RED)]
        for count, value in ((k["fan_tokens_1000"], 1000), (k["fan_tokens_5000"], 5000)):
            cards += [self.token_card(f"fans-{value}-{i}", self.number(value),
                                      self.t("fans_token"), "#5e35b1")
                      for i in range(count)]
        for count, value in ((k["money_1000"], 1000), (k["money_5000"], 5000)):
            cards += [self.token_card(f"money-{value}-{i}", self.money(value), "",
                                      "#2e7d32") for i in range(count)]
        return cards

    def cubes(self) -> list[Card]:
        """The action cubes: each the size of one value of the gauge, with its colour's
        mark (greyscale prints tell the colours apart by it)."""
        return [self.cube_card(colour, i) for colour in self.d["players"]["colours"]
                for i in range(self.d["kit"]["cubes_per_player"])]

    def cube_card(self, colour: str, index: int) -> Card:
        hexa = self.colour(colour)
        mark = self.marks[colour]
        comp = f"{self.t('tokens')}: {self.t('cube_token')}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            c.saveState()
            if box.low_ink:
                stroke_rgb(c, legible(hexa, ratio=3.0))
                c.setLineWidth(1.2)
                c.rect(0.6 * mm, 0.6 * mm, w - 1.2 * mm, h - 1.2 * mm, stroke=1, fill=0)
            else:
                fill_rgb(c, hexa)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed,
                       stroke=0, fill=1)
            ink = INK if box.low_ink else ink_for(hexa)
            self.write(c, mark, 0.3 * mm, 0, w - 0.6 * mm, h, size=11 if len(mark) == 1 else 7,
                       min_size=6, bold=True, align="center", valign="middle", colour=ink,
                       component=comp, max_lines=1)
            c.restoreState()
        return Card(f"cube-{colour}-{index}", draw, draw)

    def token_card(self, card_id: str, big: str, small: str, colour: str,
                   square: bool = False) -> Card:
        comp = f"{self.t('tokens')}: {card_id}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            r = w / 2 - 0.8 * mm
            c.saveState()
            stroke_rgb(c, colour)
            fill_rgb(c, colour)
            c.setLineWidth(1.4)
            if square:
                c.roundRect(w / 2 - r, h / 2 - r, 2 * r, 2 * r, 1.5 * mm, stroke=1,
                            fill=0 if box.low_ink else 1)
            else:
                c.circle(w / 2, h / 2, r, stroke=1, fill=0 if box.low_ink else 1)
            ink = legible(colour) if box.low_ink else ink_for(colour)
            self.write(c, big, w / 2 - r + 1 * mm, h / 2 - 2 * mm, 2 * r - 2 * mm, 6.5 * mm,
                       size=10 if not square else 12, min_size=6, bold=True, align="center",
                       valign="middle", colour=ink, component=comp, max_lines=1)
            if small:
                self.write(c, small, w / 2 - r + 2 * mm, h / 2 - 6.5 * mm, 2 * r - 4 * mm,
                           4 * mm, size=6, min_size=6, align="center", colour=ink,
                           component=comp, max_lines=1)
            c.restoreState()
        return Card(card_id, draw, draw)

    # ------------------------------------------------------------------ cards

    class DeckCard:
        def __init__(self, kind: str, card: Card, listed: bool) -> None:
            self.kind, self.card, self.listed = kind, card, listed

    def tours(self) -> int:
        return sum(int(self.d["decades"][f"tours_{d['id']}"]) for d in self.d["decade"])

    def blank_count(self, kind: str) -> int:
        """How many blank templates of a deck: as many as a game uses where the text says
        (the decades' tours, 5 mini-objectives dealt to each player, a main objective
        each), else a sheet's worth."""
        k = self.d["kit"]
        players = int(self.d["players"]["max"])
        if kind == "tour":
            return self.tours()
        if kind == "mini":
            return int(k["mini_objectives_dealt"]) * players
        if kind == "objective":
            return int(k["main_objectives_each"]) * players
        return int(k["blank_cards_per_deck"])

    def blank_presets(self, kind: str) -> list[dict[str, Any]]:
        """What each blank of a deck prints already: a tour its decade."""
        if kind != "tour":
            return [{} for _ in range(self.blank_count(kind))]
        return [{"decade": d["id"]} for d in self.d["decade"]
                for _ in range(int(self.d["decades"][f"tours_{d['id']}"]))]

    def deck_cards(self) -> list[DeckCard]:
        """The group's listed cards, then blank templates for every deck it does not list."""
        out: list[Kit.DeckCard] = []
        listed_kinds = {card["kind"] for card in self.cards}
        for deck in self.d["deck"]:
            kind = deck["id"]
            if kind in listed_kinds:
                chosen = [card for card in self.cards if card["kind"] == kind]
                out += [self.DeckCard(kind, Card(f"{kind}-{i + 1}", self.card_front(deck, card),
                                                 self.card_back(deck)), True)
                        for i, card in enumerate(chosen)]
            else:
                out += [self.DeckCard(kind, Card(f"{kind}-blank-{i + 1}",
                                                 self.card_front(deck, None, preset),
                                                 self.card_back(deck)), False)
                        for i, preset in enumerate(self.blank_presets(kind))]
        return out

    def card_front(self, deck: Mapping[str, Any], card: Mapping[str, Any] | None,
                   preset: Mapping[str, Any] | None = None
                   ) -> Callable[[Canvas, CardBox], None]:
        title = name_in(deck, self.lang)
        comp = f"{self.t('cards')}: {title}"
        fields = [f for f in deck["fields"] if f != "name"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, s = box.width, box.height, box.safe
            self.box(c, -box.bleed, h - 14 * mm, w + 2 * box.bleed, 14 * mm + box.bleed,
                     ROCK_RED, radius=0)
            self.write(c, title, s, h - 12 * mm, w - 2 * s, 9 * mm, size=12, min_size=6,
                       bold=True, colour=INK if box.low_ink else "#ffffff", align="center",
                       valign="middle", component=comp, max_lines=1)
            top = h - 16 * mm
            name = "" if card is None else str(card.get("name") or "")
            self.write(c, f"{self.t('field_name')}: {name}", s, top - 6 * mm, w - 2 * s,
                       6 * mm, size=9, min_size=6, bold=True, component=comp, max_lines=2)
            if card is None:
                c.setLineWidth(0.4)
                c.line(s + 12 * mm, top - 5 * mm, w - s, top - 5 * mm)
            top -= 8 * mm
            line_h = min(8 * mm, (top - s) / max(len(fields), 1))
            for key in fields:
                label = self.t(f"field_{key}")
                value = (preset or {}).get(key, "") if card is None else card.get(key)
                shown = self.value_text(key, value)
                if key == "text":
                    self.write(c, f"{label}: {shown}", s, s, w - 2 * s, top - s, size=8,
                               min_size=6, component=comp)
                    if card is None:
                        c.setLineWidth(0.3)
                        ruled = top - 2 * line_h
                        while ruled > s + 2 * mm:
                            c.line(s, ruled, w - s, ruled)
                            ruled -= 6 * mm
                    break
                self.write(c, f"{label}: {shown}", s, top - line_h, w - 2 * s, line_h,
                           size=8, min_size=6, valign="middle", component=comp, max_lines=1)
                if card is None and not shown:
                    c.setLineWidth(0.3)
                    c.line(w * 0.55, top - line_h + 1.5 * mm, w - s, top - line_h + 1.5 * mm)
                top -= line_h
        return draw

    def value_text(self, key: str, value: Any) -> str:
        if value is None or value == "":
            return ""
        if key == "continent":
            return next((name_in(c, self.lang) for c in self.d["continent"]
                         if c["id"] == value), str(value))
        if key == "symbol":
            return next((name_in(s, self.lang) for s in self.d["symbol"] if s["id"] == value),
                        str(value))
        if key == "decade":
            return next((name_in(d, self.lang) for d in self.d["decade"] if d["id"] == value),
                        str(value))
        if key in ("cost_money", "money") and isinstance(value, int):
            return self.money(value)
        if key in ("fans", "fans_needed") and isinstance(value, int):
            return self.number(value)
        return str(value)

    def card_back(self, deck: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        title = name_in(deck, self.lang)
        comp = f"{self.t('cards')}: {title} ({self.t('back_label')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            self.box(c, -box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed, INK,
                     radius=0)
            ink = INK if box.low_ink else "#ffffff"
            self.write(c, GAME_NAME, box.safe, h * 0.55, w - 2 * box.safe, 10 * mm, size=10,
                       min_size=6, bold=True, colour=ROCK_RED if box.low_ink else "#e57373",
                       align="center", valign="middle", component=comp, max_lines=1)
            self.write(c, title, box.safe, h * 0.35, w - 2 * box.safe, 12 * mm, size=16,
                       min_size=8, bold=True, colour=ink, align="center", valign="middle",
                       component=comp, max_lines=1)
        return draw


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False,
          cards: Sequence[Mapping[str, Any]] | None = None
          ) -> tuple[Document, Document | None]:
    """The kit; ``cards`` is the group's card list (the table option ``cards``), printed in
    place of the blank templates of the decks it lists."""
    return Kit(settings, base_url, cards).build(rules_only=rules_only)
