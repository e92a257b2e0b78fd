"""The Casse-toi Pov'con! print-and-play kit.

Every component of the rulebook's list, built from the data file the companion's engine
reads (``companion/games/data/casse-toi-pov-con.toml``): 8 candidate cards with their six
voters, the Marine card, 52 crowd cards (fronts: the voters; backs: the stress of each party
on its own edge, the stars, and the figure in the four corners), 2 popularity-track cards,
8 candidate tokens (and a marker for Marine), the summary card, the checklist and the
rule sheet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games.base import load_data

from ..draw import background, end_marked, fill_rgb, marked, stroke_rgb
from ..layout import (
    Card,
    CardBox,
    ChecklistRow,
    Document,
    Page,
    PrintSettings,
    card_grid,
    legible,
)
from ..text import BuildError, symbol, text_box
from ..texts import COMMON_TEXTS, localized
from .base import KitBase

GAME_ID = "casse-toi-pov-con"
GAME_NAME = "Casse-toi Pov'con!"
KIT_VERSION = "1.0"
LANGUAGES = ("en", "fr", "ko")

POKER = (63.0, 88.0)
TOKEN = (16.0, 11.0)
"""A candidate token: a flat chip, nine side by side on one track space."""
TOKEN_GAP_MM = 1.5
TOKEN_SHEET_GAP_MM = 3.0
"""Between two tokens printed in a card's place: room for the scissors."""
TRACK_LABEL_MM = 17.0
TRACK_ROW_MM = 15.5
"""One row of the track page per space, its number on the left."""

MARINE_COLOR = "#1d2b5c"
STAR_COLOR = "#e0a800"
REACTION_MARKS = {"positive": "♥", "indifferent": "=", "rejection": "✗", "nightmare": "☠"}
REACTION_COLORS = {
    "positive": "#2f9e44", "indifferent": "#7a828f", "rejection": "#d9480f",
    "nightmare": "#1a1a1a",
}
PARTY_NAMES_KO = {"blue": "파란색", "orange": "주황색", "pink": "분홍색", "green": "녹색"}

# Kit texts; {placeholders} come from the game data, so numbers are defined once.
TEXTS: dict[str, dict[str, str]] = {
    **COMMON_TEXTS,
    "how_cards": {
        "en": "Cut along the crop marks; double-sided",
        "fr": "Couper aux traits de coupe ; recto verso",
        "ko": "재단 표시대로 자르기; 양면",
    },
    "how_single": {
        "en": "Cut along the crop marks; one side",
        "fr": "Couper aux traits de coupe ; recto seul",
        "ko": "재단 표시대로 자르기; 단면",
    },
    "how_tokens": {
        "en": "Cut out; glue on card stock if you like",
        "fr": "Découper ; coller sur du carton si vous voulez",
        "ko": "오려 내기; 원하면 두꺼운 종이에 붙이기",
    },
    "how_tokens_shared": {
        "en": "In the last place of the crowd cards' last sheet: cut it out, then cut each "
              "token along its outline",
        "fr": "À la dernière place de la dernière feuille des cartes Foule : découpez-la, "
              "puis chaque pion le long de son contour",
        "ko": "군중 카드 마지막 장의 마지막 칸: 오려 낸 뒤 말마다 윤곽선을 따라 자르기",
    },
    "how_rules": {"en": "Keep at hand; scan the QR codes", "fr": "À garder sous la main ; "
                  "scannez les QR codes", "ko": "곁에 두고 QR 코드를 스캔"},
    "bring_title": {"en": "Also bring", "fr": "À apporter aussi", "ko": "함께 준비할 것"},
    "bring": {
        "en": "• Nothing else is needed to play: the kit prints every component.\n"
              "• Optional: card sleeves 63.5 x 88 mm (with an old playing card inside, the "
              "crowd cards shuffle like real ones).\n"
              "• Optional: thin card stock and a glue stick for sturdier tokens.\n"
              "• Optional: a phone with the table companion to keep the popularity track and "
              "score each round.",
        "fr": "• Rien d'autre n'est nécessaire : le kit imprime tout le matériel.\n"
              "• Facultatif : des protège-cartes 63,5 x 88 mm (avec une vieille carte à jouer "
              "dedans, les cartes Bain de foule se mélangent comme des vraies).\n"
              "• Facultatif : du carton fin et un bâton de colle pour des pions plus solides.\n"
              "• Facultatif : un téléphone avec le compagnon de table pour tenir la cote de "
              "popularité et compter les points de chaque manche.",
        "ko": "• 그 밖에 필요한 것은 없습니다. 키트가 모든 구성물을 인쇄합니다.\n"
              "• 선택: 63.5 x 88 mm 카드 슬리브 (안에 헌 트럼프 카드를 넣으면 군중 카드를 진짜 "
              "카드처럼 섞을 수 있습니다).\n"
              "• 선택: 더 튼튼한 말을 위한 얇은 판지와 딱풀.\n"
              "• 선택: 인기도 트랙과 라운드 점수를 기록할 테이블 컴패니언이 있는 휴대폰.",
    },
    "candidates": {"en": "Candidate cards", "fr": "Cartes Candidat", "ko": "후보 카드"},
    "marine_card": {"en": "Marine card", "fr": "Carte Marine", "ko": "마린 카드"},
    "crowd": {"en": "Crowd cards", "fr": "Cartes Bain de foule", "ko": "군중 카드"},
    "crowd_title": {"en": "Crowd", "fr": "Bain de foule", "ko": "군중"},
    "track": {"en": "Popularity Track", "fr": "Cote de popularité", "ko": "인기도 트랙"},
    "track_help": {
        "en": "One row per space. The tokens lie side by side on their space: all {n} fit "
              "on one. Every candidate starts on the START space; Marine starts on 0.",
        "fr": "Une ligne par case. Les pions se posent côte à côte sur leur case : les {n} "
              "y tiennent. Chaque candidat part de la case DÉPART ; Marine part de 0.",
        "ko": "칸마다 한 줄. 말은 자기 칸에 나란히 놓입니다: {n}개가 한 칸에 모두 들어갑니다. "
              "후보는 모두 출발 칸에서, 마린은 0에서 시작합니다."},
    "yellow_line_help": {
        "en": "the yellow line lies between {after} and the next space",
        "fr": "la ligne jaune passe entre {after} et la case suivante",
        "ko": "노란색 선은 {after}와 다음 칸 사이에 있습니다"},
    "how_page": {"en": "Use as is, or glue on card stock", "fr": "Tel quel, ou collé sur du "
                 "carton", "ko": "그대로 쓰거나 두꺼운 종이에 붙이기"},
    "track_title": {"en": "Popularity", "fr": "Cote de popularité", "ko": "인기도"},
    "tokens": {"en": "Candidate tokens", "fr": "Pions Candidat", "ko": "후보 말"},
    "tokens_count": {"en": "8 + Marine's marker", "fr": "8 + pion de Marine",
                     "ko": "8 + 마린 말"},
    "summary": {"en": "Summary card", "fr": "Carte résumé", "ko": "요약 카드"},
    "reaction_positive": {"en": "fan", "fr": "fan", "ko": "지지"},
    "reaction_indifferent": {"en": "indifferent", "fr": "indifférent", "ko": "무관심"},
    "reaction_rejection": {"en": "hostile", "fr": "hostile", "ko": "반감"},
    "reaction_nightmare": {"en": "worst nightmare", "fr": "pire cauchemar", "ko": "최악의 악몽"},
    "candidate_help": {
        "en": "Slide each crowd card you turn over under this card, its stress strips "
              "sticking out below; read the strip of your colour. {crack} stress or more: "
              "you crack!",
        "fr": "Glissez sous cette carte chaque carte Bain de foule retournée, ses bandes de "
              "stress dépassant en bas ; lisez la bande de votre couleur. {crack} de stress "
              "ou plus : vous craquez !",
        "ko": "뒤집은 군중 카드는 스트레스 띠가 아래로 보이게 이 카드 밑에 밀어 넣고 자기 "
              "색 띠를 읽으세요. 스트레스 {crack} 이상이면 폭발!",
    },
    "marine_help": {
        "en": "Place this card facing the last space ({top}) of the Popularity Track. Her "
              "marker starts on {start}. After each round she moves up 1 space, or 2 if half "
              "of the players or more hold a Marine card. Beyond {top}: she is elected and "
              "every player loses.",
        "fr": "Placez cette carte face à la dernière case ({top}) de la Cote de popularité. "
              "Son pion part de la case {start}. Après chaque manche elle monte d'une case, "
              "de 2 si la moitié des joueurs ou plus ont une carte Marine. Au-delà de {top} : "
              "elle est élue et tous les joueurs perdent.",
        "ko": "이 카드를 인기도 트랙의 마지막 칸({top}) 옆에 두세요. 마린의 말은 {start}에서 "
              "시작합니다. 매 라운드 뒤 1칸, 플레이어의 절반 이상이 마린 카드를 가졌으면 "
              "2칸 올라갑니다. {top}을 넘으면 마린이 당선되고 모두 집니다.",
    },
    "start": {"en": "START", "fr": "DÉPART", "ko": "출발"},
    "win": {"en": "beyond {top}: win", "fr": "au-delà de {top} : victoire",
            "ko": "{top} 초과: 승리"},
    "lose": {"en": "below 0: lose", "fr": "sous 0 : défaite", "ko": "0 미만: 패배"},
    "marine_here": {"en": "Marine card here", "fr": "carte Marine ici", "ko": "마린 카드 자리"},
    "yellow_line": {"en": "yellow line", "fr": "ligne jaune", "ko": "노란색 선"},
    "summary_title": {"en": "Summary", "fr": "Résumé", "ko": "요약"},
    "summary_text": {
        "en": "Everyone searches the crowd at once. A card turned over is kept, under your "
              "candidate card.\n"
              "Marine: announce her at once; forgotten: −1.\n"
              "{crack} stress or more: you crack, the round ends; you lose 1 and score "
              "nothing else.\n"
              "Everyone has {four}+ cards: the round may end by agreement.\n"
              "Rule of 4, +1 each: {four} cards · the {four} journalists (Marine is a "
              "joker) · {four} stars · the most cards.\n"
              "The only player without Marine: +2.\n"
              "Marine moves up 1, or 2 if half of the players or more hold her.\n"
              "End: beyond {top} wins; below 0 loses; Marine beyond {top}: all lose.",
        "fr": "Tout le monde fouille la foule en même temps. Une carte retournée est gardée, "
              "sous votre carte Candidat.\n"
              "Marine : annoncez-la aussitôt ; oubli : −1.\n"
              "{crack} de stress ou plus : vous craquez, la manche s'arrête ; vous perdez 1 et "
              "ne marquez rien d'autre.\n"
              "Chacun a {four} cartes ou plus : la manche peut finir d'un commun accord.\n"
              "Règle de 4, +1 chacun : {four} cartes · les {four} journalistes (Marine est "
              "joker) · {four} étoiles · le plus de cartes.\n"
              "Le seul joueur sans Marine : +2.\n"
              "Marine monte de 1, de 2 si la moitié des joueurs ou plus l'ont.\n"
              "Fin : au-delà de {top} on gagne ; sous 0 on perd ; Marine au-delà de {top} : "
              "tous perdent.",
        "ko": "모두 동시에 군중을 뒤집니다. 뒤집은 카드는 후보 카드 밑에 두고 가집니다.\n"
              "마린: 즉시 알리세요. 잊으면 -1.\n"
              "스트레스 {crack} 이상: 폭발, 라운드 종료. 1을 잃고 다른 점수는 없습니다.\n"
              "모두 {four}장 이상이면 합의로 라운드를 끝낼 수 있습니다.\n"
              "4의 규칙, 각 +1: 카드 {four}장 · 기자 {four}명 (마린은 조커) · 별 {four}개 · "
              "가장 많은 카드.\n"
              "마린이 없는 유일한 플레이어: +2.\n"
              "마린은 1칸, 절반 이상이 가졌으면 2칸 전진.\n"
              "끝: {top} 초과면 승리, 0 미만이면 패배, 마린이 {top} 초과면 모두 패배.",
    },
    "journalists": {"en": "Journalists", "fr": "Journalistes", "ko": "기자"},
    "stress": {"en": "stress", "fr": "stress", "ko": "스트레스"},
}


def text(key: str, lang: str, **values: Any) -> str:
    return localized(TEXTS, key, lang, **values)


# --------------------------------------------------------------------------- data


def data() -> Mapping[str, Any]:
    """The game data, checked for what the kit needs; BuildError names what is wrong."""
    d = load_data(GAME_ID)
    try:
        voters = {v["id"]: v for v in d["voters"]}
        journalists = {j["id"]: j for j in d["journalists"]}
        parties = [p["id"] for p in d["parties"]]
        for cand in d["candidates"]:
            if len(cand["voters"]) != 6:
                raise BuildError(f"{cand['name']} must show 6 voters", "candidate cards")
            for v in cand["voters"]:
                if v["voter"] not in voters:
                    raise BuildError(f"unknown voter {v['voter']!r}", f"candidate {cand['name']}")
        for card in d["crowd_cards"]:
            for v in card["voters"]:
                if v not in voters:
                    raise BuildError(f"unknown voter {v!r}", f"crowd card {card['id']}")
            if sorted(card["stress"]) != sorted(parties):
                raise BuildError("stress must give a value for each party",
                                 f"crowd card {card['id']}")
            if card["corner"] not in (*journalists, "marine", "none"):
                raise BuildError(f"unknown corner figure {card['corner']!r}",
                                 f"crowd card {card['id']}")
        if len(d["crowd_cards"]) != d["round"]["deck_size"]:
            raise BuildError(f"{len(d['crowd_cards'])} crowd cards, the deck has "
                             f"{d['round']['deck_size']}", "crowd cards")
    except KeyError as exc:
        raise BuildError(f"the data file lacks {exc}", GAME_ID) from None
    return d


def party_weights(d: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """For each party, the stress each voter costs it, from its candidates' cards."""
    reaction_stress = d["crowd"]["reaction_stress"]
    unlisted = d["crowd"]["unlisted_stress"]
    weights: dict[str, dict[str, int]] = {}
    for party in d["parties"]:
        w = {v["id"]: unlisted for v in d["voters"]}
        for cand in d["candidates"]:
            if cand["party"] == party["id"]:
                for v in cand["voters"]:
                    w[v["voter"]] = reaction_stress[v["reaction"]]
        weights[party["id"]] = w
    return weights


def expected_draws_to_crack(stresses: Sequence[int], crack: int) -> float:
    """Expected number of cards a player turns over, drawing at random without replacement
    from ``stresses``, until the total reaches ``crack`` (exact: E[N] = sum over n of
    P(the first n cards total less than crack), counting n-subsets by their total)."""
    n = len(stresses)
    counts = [[0] * crack for _ in range(n + 1)]
    counts[0][0] = 1
    for value in stresses:
        for k in range(n - 1, -1, -1):
            for total in range(crack - 1, -1, -1):
                ways = counts[k][total]
                if ways and total + value < crack:
                    counts[k + 1][total + value] += ways
    return sum(sum(counts[k]) / math.comb(n, k) for k in range(n + 1))


def deck_statistics(d: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The statistics the data file's header documents, recomputed from the cards."""
    d = d or data()
    cards = d["crowd_cards"]
    crack = d["round"]["crack_stress"]
    parties = [p["id"] for p in d["parties"]]
    weights = party_weights(d)
    mean_all = sum(sum(c["stress"].values()) / len(parties) for c in cards) / len(cards)
    marine = [c for c in cards if c["corner"] == "marine"]
    stats: dict[str, Any] = {
        "cards": len(cards),
        "mean_stress": {p: sum(c["stress"][p] for c in cards) / len(cards) for p in parties},
        "mean_stress_all": mean_all,
        "marine_cards": len(marine),
        "marine_mean_stress": (sum(sum(c["stress"].values()) for c in marine)
                               / (len(parties) * len(marine))) if marine else 0.0,
        "journalists": {j["id"]: sum(1 for c in cards if c["corner"] == j["id"])
                        for j in d["journalists"]},
        "no_figure": sum(1 for c in cards if c["corner"] == "none"),
        "stars_total": sum(c["stars"] for c in cards),
        "cards_with_stars": sum(1 for c in cards if c["stars"] > 0),
        "draws_to_crack": {p: expected_draws_to_crack([c["stress"][p] for c in cards], crack)
                           for p in parties},
        "careful_draws_to_crack": {
            p: expected_draws_to_crack(
                [c["stress"][p] for c in cards
                 if all(weights[p][v] <= d["crowd"]["unlisted_stress"] for v in c["voters"])],
                crack)
            for p in parties
        },
    }
    return stats


# --------------------------------------------------------------------------- drawing


def draw_voter(c: Canvas, voter: Mapping[str, Any], cx: float, y: float, height: float,
               low_ink: bool, component: str) -> None:
    """A voter pictogram standing on ``y``: head, shoulders and the voter's symbol."""
    head_r = height * 0.17
    body_w = height * 0.62
    body_h = height * 0.52
    c.saveState()
    c.setLineWidth(max(0.6, height * 0.025))
    # the white symbol on the figure (or the coloured symbol on white) at 3:1
    shade = legible(voter["color"], ratio=3.0)
    stroke_rgb(c, shade)
    fill_rgb(c, shade)
    path = c.beginPath()
    r = body_w * 0.35
    path.moveTo(cx - body_w / 2, y)
    path.lineTo(cx - body_w / 2, y + body_h - r)
    path.arcTo(cx - body_w / 2, y + body_h - 2 * r, cx - body_w / 2 + 2 * r, y + body_h,
               startAng=180, extent=-90)
    path.lineTo(cx + body_w / 2 - r, y + body_h)
    path.arcTo(cx + body_w / 2 - 2 * r, y + body_h - 2 * r, cx + body_w / 2, y + body_h,
               startAng=90, extent=-90)
    path.lineTo(cx + body_w / 2, y)
    path.close()
    c.drawPath(path, stroke=1, fill=0 if low_ink else 1)
    c.circle(cx, y + body_h + head_r * 1.15, head_r, stroke=1, fill=0 if low_ink else 1)
    if low_ink:
        fill_rgb(c, shade)
    else:
        c.setFillColorRGB(1, 1, 1)
    symbol(c, voter["symbol"], cx, y + body_h * 0.45, body_h * 0.5, component)
    c.restoreState()


def voter_name(voter: Mapping[str, Any], lang: str) -> str:
    return str(voter.get(f"name_{lang}") or voter["name_en"])


def party_name(party: Mapping[str, Any], lang: str) -> str:
    if lang == "ko":
        return PARTY_NAMES_KO.get(party["id"], party["name_en"])
    return str(party.get(f"name_{lang}") or party["name_en"])


def reaction_mark(c: Canvas, reaction: str, cx: float, cy: float, r: float, low_ink: bool,
                  component: str) -> None:
    c.saveState()
    color = legible(REACTION_COLORS[reaction], ratio=3.0)
    stroke_rgb(c, color)
    fill_rgb(c, color)
    c.setLineWidth(0.6)
    c.circle(cx, cy, r, stroke=1, fill=0 if low_ink else 1)
    if low_ink:
        fill_rgb(c, color)
    else:
        c.setFillColorRGB(1, 1, 1)
    symbol(c, REACTION_MARKS[reaction], cx, cy, r * 1.25, component)
    c.restoreState()


def figure_badge(c: Canvas, figure: Mapping[str, Any] | None, marine: bool, cx: float,
                 cy: float, r: float, box: CardBox, lang: str, component: str) -> None:
    """A journalist (symbol and medium) or Marine, as printed in each corner of a back."""
    if not marine and figure is None:
        raise BuildError("a corner figure is neither Marine nor a journalist", component)
    # white text inside the disc in full colour, coloured text on white in low ink: 4.5:1
    color = legible(MARINE_COLOR if marine or figure is None else figure["color"])
    c.saveState()
    stroke_rgb(c, color)
    fill_rgb(c, color)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=0 if box.low_ink else 1)
    if box.low_ink:
        fill_rgb(c, color)
    else:
        c.setFillColorRGB(1, 1, 1)
    if marine:
        text_box(c, "M", cx - r, cy - r, 2 * r, 2 * r, fonts=box.fonts, size=r * 1.5,
                 min_size=5, component=component, bold=True, align="center", valign="middle")
    elif figure is not None:
        symbol(c, figure["symbol"], cx, cy + r * 0.38, r * 0.85, component)
        medium = figure.get(f"medium_{lang}") or figure["medium_en"]
        # the medium's name inside the ring: as wide as the disc is at the name's foot,
        # less the ring's line and a gap
        foot = r * 0.5
        half = math.sqrt(r * r - foot * foot) - 1.4
        text_box(c, medium, cx - half, cy - foot, 2 * half, r * 0.37, fonts=box.fonts,
                 size=6, min_size=6, component=component, align="center", valign="bottom",
                 max_lines=1)
    c.restoreState()


def stars_row(c: Canvas, count: int, cx: float, cy: float, size: float, low_ink: bool,
              component: str) -> None:
    if count <= 0:
        return
    c.saveState()
    fill_rgb(c, legible(STAR_COLOR, ratio=3.0))
    step = size * 1.05
    start = cx - step * (count - 1) / 2
    for i in range(count):
        symbol(c, "☆" if low_ink else "★", start + i * step, cy, size, component)
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
        self.voters = {v["id"]: v for v in self.d["voters"]}
        self.journalists = {j["id"]: j for j in self.d["journalists"]}
        self.parties = {p["id"]: p for p in self.d["parties"]}
        self.track = self.d["track"]
        self.crack = self.d["round"]["crack_stress"]
        self.four = self.d["round"]["rule_of_four"]

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Every component, then the rule sheet; the rows of the checklist."""
        from ..rulesheet import add_rule_sheet

        counts: list[tuple[str, str, int, int, str]] = []

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            first = start + 1
            while first <= len(doc.pages) and doc.pages[first - 1].component != name:
                first += 1
            counts.append((name, count, first, len(doc.pages), how))

        section(self.t("candidates") + " + " + self.t("marine_card"), "8 + 1",
                self.t("how_single"),
                lambda: doc.add_cards(self.candidate_cards() + [self.marine_card()], POKER,
                                      component=self.t("candidates") + " + "
                                      + self.t("marine_card"), backs=backs))
        crowd = self.crowd_cards() + [self.summary_card()]
        crowd_name = self.t("crowd") + " + " + self.t("summary")
        grid = card_grid(self.s, POKER[0] * mm, POKER[1] * mm, count=len(crowd) + 1)
        shared = len(crowd) % grid.capacity != 0
        # the nine tokens take the free place of the crowd cards' last sheet, if it has
        # one, rather than a sheet (and its back) of their own
        section(crowd_name, "52 + 1", self.t("how_cards"),
                lambda: doc.add_cards(crowd + ([self.token_sheet()] if shared else []), POKER,
                                      component=crowd_name, backs=backs))
        if shared:
            last = max(i + 1 for i, page in enumerate(doc.pages)
                       if page.component == crowd_name and page.side == "front")
            counts.append((self.t("tokens"), self.t("tokens_count"), last, last,
                           self.t("how_tokens_shared")))
        else:
            section(self.t("tokens"), self.t("tokens_count"), self.t("how_tokens"),
                    lambda: doc.add_cards([self.token_sheet()], POKER,
                                          component=self.t("tokens"), backs=backs))
        section(self.t("track"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("track"), self.track_page())))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return counts

    def add_single(self, doc: Document, page: Page) -> None:
        """A one-sided page: in duplex it starts a sheet and gets an empty back."""
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    # ------------------------------------------------------------------ checklist


    # ------------------------------------------------------------------ cards

    def candidate_cards(self) -> list[Card]:
        return [Card(f"candidate-{i + 1}", self.candidate_front(cand))
                for i, cand in enumerate(self.d["candidates"])]

    def candidate_front(self, cand: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('candidates')}: {cand['name']}"
        party = self.parties[cand["party"]]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#fbf8f1")
            band = 20 * mm
            ink = legible(party["color"])  # white text on it, or it as text on white: 4.5:1
            if box.low_ink:
                stroke_rgb(c, ink)
                c.setLineWidth(1.2)
                c.rect(safe, h - band, w - 2 * safe, band - safe, stroke=1, fill=0)
                fill_rgb(c, ink)
            else:
                fill_rgb(c, ink)
                c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
            text_box(c, cand["name"], safe + 1 * mm, h - band + 5 * mm, w - 2 * safe - 2 * mm,
                     band - safe - 5 * mm, fonts=self.fonts, size=17, min_size=9,
                     component=comp, bold=True, align="center", valign="middle", max_lines=1)
            text_box(c, party_name(party, self.lang), safe, h - band + 1 * mm, w - 2 * safe,
                     4 * mm, fonts=self.fonts, size=7.5, min_size=5, component=comp,
                     align="center", valign="middle")
            # six voters, left (favourites) to right (worst nightmare)
            slot = (w - 2 * safe) / 6
            fig_y = h - band - 16 * mm
            for i, v in enumerate(cand["voters"]):
                cx = safe + slot * (i + 0.5)
                draw_voter(c, self.voters[v["voter"]], cx, fig_y, 12 * mm, box.low_ink, comp)
                reaction_mark(c, v["reaction"], cx, fig_y - 3 * mm, 2.3 * mm, box.low_ink, comp)
            # legend
            y = fig_y - 7 * mm
            line_h = 4.6 * mm
            for v in cand["voters"]:
                y -= line_h
                reaction_mark(c, v["reaction"], safe + 2 * mm, y + line_h / 2, 1.7 * mm,
                              box.low_ink, comp)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                label = (f"{voter_name(self.voters[v['voter']], self.lang)} — "
                         f"{self.t('reaction_' + v['reaction'])}")
                text_box(c, label, safe + 5 * mm, y, w - 2 * safe - 5 * mm, line_h,
                         fonts=self.fonts, size=7, min_size=5, component=comp,
                         valign="middle", max_lines=1,
                         bold=v["reaction"] == "nightmare")
            c.setFillColorRGB(0.2, 0.2, 0.2)
            text_box(c, self.t("candidate_help", crack=self.crack), safe, safe,
                     w - 2 * safe, y - safe - 1.5 * mm, fonts=self.fonts, size=6.5,
                     min_size=4.8, component=comp, align="center", valign="middle")
        return draw

    def marine_card(self) -> Card:
        comp = self.t("marine_card")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, MARINE_COLOR)
            if box.low_ink:
                stroke_rgb(c, MARINE_COLOR)
                c.setLineWidth(1.5)
                c.rect(safe, safe, w - 2 * safe, h - 2 * safe, stroke=1, fill=0)
                fill_rgb(c, MARINE_COLOR)
            else:
                c.setFillColorRGB(1, 1, 1)
            text_box(c, "Marine", safe, h - 24 * mm, w - 2 * safe, 18 * mm, fonts=self.fonts,
                     size=26, min_size=14, component=comp, bold=True, align="center",
                     valign="middle")
            cx, cy, r = w / 2, h - 40 * mm, 12 * mm
            c.saveState()
            if box.low_ink:
                stroke_rgb(c, MARINE_COLOR)
            else:
                c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(1.5)
            c.circle(cx, cy, r, stroke=1, fill=0)
            c.restoreState()
            text_box(c, "M", cx - r, cy - r, 2 * r, 2 * r, fonts=self.fonts, size=30,
                     min_size=14, component=comp, bold=True, align="center", valign="middle")
            text_box(c, self.t("marine_help", top=self.track["top"],
                               start=self.track["marine_start"]),
                     safe + 1 * mm, safe + 1 * mm, w - 2 * safe - 2 * mm, cy - r - safe - 4 * mm,
                     fonts=self.fonts, size=7.5, min_size=5, component=comp, align="center",
                     valign="middle")
        return Card("marine", draw)

    def crowd_cards(self) -> list[Card]:
        cards = self.d["crowd_cards"]
        return [Card(f"crowd-{card['id']}", self.crowd_front(card, len(cards)),
                     self.crowd_back(card)) for card in cards]

    def crowd_front(self, card: Mapping[str, Any], total: int) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('crowd')} {card['id']}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#f2ede2")
            c.setFillColorRGB(0.35, 0.3, 0.25)
            text_box(c, self.t("crowd_title"), safe, h - safe - 6 * mm, w - 2 * safe, 6 * mm,
                     fonts=self.fonts, size=9, min_size=6, component=comp, bold=True,
                     align="center", valign="middle")
            voters = [self.voters[v] for v in card["voters"]]
            slot = (w - 2 * safe) / len(voters)
            for i, voter in enumerate(voters):
                cx = safe + slot * (i + 0.5)
                draw_voter(c, voter, cx, 30 * mm, 38 * mm, box.low_ink, comp)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                text_box(c, voter_name(voter, self.lang), cx - slot / 2 + 0.5 * mm, 16 * mm,
                         slot - 1 * mm, 12 * mm, fonts=self.fonts, size=9, min_size=6,
                         component=comp, bold=True, align="center", valign="top", max_lines=3)
            c.setFillColorRGB(0.45, 0.42, 0.38)
            text_box(c, f"{card['id']}/{total}", w - safe - 15 * mm, safe, 15 * mm, 4 * mm,
                     fonts=self.fonts, size=6, min_size=5, component=comp, align="right",
                     valign="bottom")
        return draw

    def crowd_back(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        """The stress of every party in a row of strips along both short edges, all read
        with the card upright: slid under a candidate card so one short edge sticks out,
        every player reads their own colour's strip at the same place."""
        comp = f"{self.t('crowd')} {card['id']} ({self.t('backs')})"
        corner = card["corner"]
        parties = list(self.d["parties"])

        def strips(c: Canvas, box: CardBox, y0: float, band: float, outer: float) -> None:
            """A row of strips from ``y0`` up ``band`` high; ``outer`` (+1 top, -1 bottom)
            says which side is the card's edge, where the fill runs into the bleed."""
            w, safe = box.width, box.safe
            step = (w - 2 * safe) / len(parties)
            gap = 0.8 * mm
            for i, party in enumerate(parties):
                x0 = safe + i * step + gap / 2
                x1 = x0 + step - gap
                fx0 = -box.bleed if i == 0 else x0
                fx1 = w + box.bleed if i == len(parties) - 1 else x1
                ink = legible(party["color"])  # white on it, or it on white: 4.5:1
                c.saveState()
                if box.low_ink:
                    stroke_rgb(c, ink)
                    c.setLineWidth(1.0)
                    ry0 = y0 if outer > 0 else y0 + safe - 1.5 * mm
                    c.rect(x0, ry0, x1 - x0, band - safe + 1.5 * mm, stroke=1, fill=0)
                    fill_rgb(c, ink)
                else:
                    fill_rgb(c, ink)
                    fy0 = y0 if outer > 0 else y0 - box.bleed
                    c.rect(fx0, fy0, fx1 - fx0, band + box.bleed, stroke=0, fill=1)
                    c.setFillColorRGB(1, 1, 1)
                ty = y0 if outer > 0 else y0 + safe  # text stays inside the safe area
                text_box(c, str(card["stress"][party["id"]]), x0, ty + 3.4 * mm, x1 - x0,
                         band - safe - 3.4 * mm, fonts=self.fonts, size=15, min_size=10,
                         component=comp, bold=True, align="center", valign="middle",
                         max_lines=1)
                text_box(c, party_name(party, self.lang), x0, ty + 0.6 * mm, x1 - x0,
                         2.8 * mm, fonts=self.fonts, size=6, min_size=6, component=comp,
                         align="center", valign="middle", max_lines=1)
                c.restoreState()

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#ffffff")
            band = 12 * mm
            strips(c, box, h - band, band, +1)
            strips(c, box, 0, band, -1)
            c.setFillColorRGB(0.35, 0.35, 0.35)
            for y in (h - band - 4 * mm, band + 0.5 * mm):
                text_box(c, self.t("stress"), safe, y, w - 2 * safe, 3.5 * mm,
                         fonts=self.fonts, size=6.5, min_size=6, component=comp,
                         align="center", valign="middle", max_lines=1)
            if corner != "none":
                figure = self.journalists.get(corner)
                r = 4.6 * mm
                for fx, fy in ((safe + r, band + 1 * mm + r),
                               (w - safe - r, band + 1 * mm + r),
                               (safe + r, h - band - 1 * mm - r),
                               (w - safe - r, h - band - 1 * mm - r)):
                    figure_badge(c, figure, corner == "marine", fx, fy, r, box, self.lang, comp)
            stars_row(c, card["stars"], w / 2, h / 2 + 4 * mm, 13 * mm, box.low_ink, comp)
            c.setFillColorRGB(0.4, 0.4, 0.4)
            text_box(c, GAME_NAME, safe + 2 * mm, h / 2 - 14 * mm, w - 2 * safe - 4 * mm,
                     6 * mm, fonts=self.fonts, size=6.5, min_size=6, component=comp,
                     align="center", valign="middle", bold=True)
        return draw

    def summary_card(self) -> Card:
        comp = self.t("summary")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#fff7d6")
            c.setFillColorRGB(0.1, 0.1, 0.1)
            text_box(c, f"{GAME_NAME} — {self.t('summary_title')}", safe, h - safe - 7 * mm,
                     w - 2 * safe, 7 * mm, fonts=self.fonts, size=9, min_size=6,
                     component=comp, bold=True, align="center", valign="middle")
            body = self.t("summary_text", crack=self.crack, four=self.four,
                          top=self.track["top"])
            body = "\n".join(f"• {line}" for line in body.split("\n"))
            text_box(c, body, safe + 0.5 * mm, safe + 12 * mm, w - 2 * safe - 1 * mm,
                     h - 2 * safe - 20 * mm, fonts=self.fonts, size=7.5, min_size=4.6,
                     component=comp, leading=1.2)
            # the four journalists, for the Rule of 4
            r = 4.6 * mm  # as on the crowd backs: the medium's name stays 6 pt
            step = (w - 2 * safe) / 4
            for i, j in enumerate(self.d["journalists"]):
                figure_badge(c, j, False, safe + step * (i + 0.5), safe + 5.2 * mm, r, box,
                             self.lang, comp)
        return Card("summary", draw, self.summary_back())

    def summary_back(self) -> Callable[[Canvas, CardBox], None]:
        def draw(c: Canvas, box: CardBox) -> None:
            background(c, box, "#fff7d6")
            c.setFillColorRGB(0.3, 0.3, 0.3)
            text_box(c, GAME_NAME, box.safe, box.height / 2 - 8 * mm, box.width - 2 * box.safe,
                     16 * mm, fonts=self.fonts, size=14, min_size=8, component=self.t("summary"),
                     bold=True, align="center", valign="middle")
        return draw

    def track_page(self) -> Callable[[Canvas], None]:
        """The popularity track on one sheet: a row per space, top to bottom, each long
        enough for every candidate's token and Marine's side by side."""
        comp = self.t("track")
        top = self.track["top"]
        start = self.track["start"]
        yellow_after = self.track["yellow_line_after"]
        page_w, page_h = self.s.page_size
        fonts = self.fonts
        low_ink = self.s.low_ink
        slots = len(self.d["candidates"]) + 1  # every candidate and Marine
        label_w = TRACK_LABEL_MM * mm
        row_w = label_w + slots * TOKEN[0] * mm + (slots + 1) * TOKEN_GAP_MM * mm
        row_h = TRACK_ROW_MM * mm
        left = (page_w - row_w) / 2

        def draw(c: Canvas) -> None:
            y = page_h - 15 * mm
            c.setFillColorRGB(0.1, 0.1, 0.1)
            text_box(c, f"{GAME_NAME} — {self.t('track_title')}", left, y - 8 * mm, row_w,
                     8 * mm, fonts=fonts, size=14, min_size=9, component=comp, bold=True,
                     valign="middle", max_lines=1)
            text_box(c, self.t("track_help", n=slots), left, y - 17 * mm, row_w, 8 * mm,
                     fonts=fonts, size=8.5, min_size=6.5, component=comp, valign="middle")
            c.setFillColorRGB(0.25, 0.25, 0.25)
            text_box(c, self.t("win", top=top) + "  ▲ " + self.t("marine_here"), left,
                     y - 24 * mm, row_w, 5 * mm, fonts=fonts, size=8, min_size=6,
                     component=comp, bold=True, valign="bottom", max_lines=1)
            y -= 25 * mm
            for space in range(top, -1, -1):
                y -= row_h
                marked(c, "Space", str(space))
                c.saveState()
                c.setLineWidth(1.0)
                c.setStrokeColorRGB(0.15, 0.15, 0.15)
                if space == start and not low_ink:
                    fill_rgb(c, "#cfe8d4")
                else:
                    c.setFillColorRGB(1, 1, 1)
                c.rect(left, y, row_w, row_h - TOKEN_GAP_MM * mm, stroke=1, fill=1)
                c.restoreState()
                inner_h = row_h - TOKEN_GAP_MM * mm
                c.setFillColorRGB(0.1, 0.1, 0.1)
                text_box(c, str(space), left, y + (4 * mm if space == start else 0), label_w,
                         inner_h - (4 * mm if space == start else 0), fonts=fonts, size=16,
                         min_size=9, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
                if space == start:
                    text_box(c, self.t("start"), left, y + 0.8 * mm, label_w, 4 * mm,
                             fonts=fonts, size=7, min_size=6, component=comp, bold=True,
                             align="center", valign="middle", max_lines=1)
                # a faint outline where each token goes
                c.saveState()
                c.setLineWidth(0.3)
                c.setStrokeColorRGB(0.6, 0.6, 0.6)
                c.setDash(1, 1.5)
                ty = y + (inner_h - TOKEN[1] * mm) / 2
                for k in range(slots):
                    tx = left + label_w + TOKEN_GAP_MM * mm + k * (TOKEN[0] + TOKEN_GAP_MM) * mm
                    c.roundRect(tx, ty, TOKEN[0] * mm, TOKEN[1] * mm, 1.2 * mm, stroke=1,
                                fill=0)
                c.restoreState()
                end_marked(c)
                if space == yellow_after + 1:
                    # the yellow line lies between this space and the one below
                    c.saveState()
                    fill_rgb(c, "#f5c542")
                    stroke_rgb(c, "#c99a06")
                    c.setLineWidth(0.6)
                    c.rect(left - 3 * mm, y - TOKEN_GAP_MM * mm * 0.5 - 1.2 * mm,
                           row_w + 6 * mm, 2.4 * mm, stroke=1, fill=1)
                    c.restoreState()
                    y -= 2 * mm
            c.setFillColorRGB(0.25, 0.25, 0.25)
            text_box(c, self.t("lose") + " · " + self.t("yellow_line_help",
                                                        after=yellow_after),
                     left, y - 7 * mm, row_w, 6 * mm, fonts=fonts, size=8, min_size=6,
                     component=comp, valign="top", max_lines=2)
        return draw

    def token_sheet(self) -> Card:
        """The nine tokens (eight candidates and Marine's marker), 3 by 3 in one card's
        place, each outlined where it is cut; on the back, each token's name again at the
        place its front turns over onto (mirrored as the sheet's backs are), so a token
        reads on both faces."""
        tokens = [(f"token-{i + 1}", cand["name"],
                   legible(self.parties[cand["party"]]["color"]))
                  for i, cand in enumerate(self.d["candidates"])]
        tokens.append(("token-marine", "Marine", MARINE_COLOR))
        tw, th, gap = TOKEN[0] * mm, TOKEN[1] * mm, TOKEN_SHEET_GAP_MM * mm
        flip_rows = self.s.duplex in ("short", "gutterfold")  # as back_position mirrors

        def face(back: bool) -> Callable[[Canvas, CardBox], None]:
            def draw(c: Canvas, box: CardBox) -> None:
                x0 = (box.width - 3 * tw - 2 * gap) / 2
                y0 = (box.height - 3 * th - 2 * gap) / 2
                token_box = CardBox(tw, th, 0.0, 0.0, box.settings)
                for index, (ident, name, color) in enumerate(tokens):
                    row, col = divmod(index, 3)
                    if back:
                        row, col = (2 - row, col) if flip_rows else (row, 2 - col)
                    x, y = x0 + col * (tw + gap), y0 + (2 - row) * (th + gap)
                    marked(c, "Token", ident)
                    c.rect(x, y, tw, th, stroke=0, fill=0)  # where it is (for tests)
                    end_marked(c)
                    c.saveState()
                    c.translate(x, y)
                    self.token(name, color)(c, token_box)
                    c.setStrokeColorRGB(0.3, 0.3, 0.3)
                    c.setLineWidth(0.3)
                    c.rect(0, 0, tw, th, stroke=1, fill=0)  # the cut
                    c.restoreState()
            return draw

        return Card("tokens", face(False), face(True))

    def token(self, name: str, color: str) -> Callable[[Canvas, CardBox], None]:
        """A flat token, its name on both faces: nine of them lie side by side on a space."""
        comp = f"{self.t('tokens')}: {name}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            c.saveState()
            fill_rgb(c, color)
            if box.low_ink:
                stroke_rgb(c, color)
                c.setLineWidth(1.2)
                c.roundRect(0.6, 0.6, w - 1.2, h - 1.2, 1.2 * mm, stroke=1, fill=0)
            else:
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed,
                       stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
            text_box(c, name, 1 * mm, 0.5 * mm, w - 2 * mm, h - 1 * mm, fonts=self.fonts,
                     size=7.5, min_size=6, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
            c.restoreState()
        return draw


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False
          ) -> tuple[Document, Document | None]:
    return Kit(settings, base_url).build(rules_only=rules_only)
