"""The printed rule sheet: every section of a game's rules reference, the table rulings
beside the paragraph they interpret (house defaults and facts from public sources beside it
too, each labelled as what it is), and a QR code per section that opens its page in the
companion (``<base>/rules/<game>/<slug>?lang=<lang>``).

The content comes from ``companion.rules``, the same source as the web pages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion import rules

from .layout import Document, Page
from .qr import draw_qr
from .text import BuildError, Fitted, TextOverflow, draw_fitted, fit

QR_SIZE = 24 * mm
MARGIN = 15 * mm
TITLE_SIZE = 12.0
BODY_SIZE = 8.6
RULING_SIZE = 7.6

# The label of each kind of note (``companion.rules.KINDS``), the words of the web pages: a
# house default is never labelled a table ruling.
TEXTS = {
    rules.RULING: {"en": "TABLE RULING", "fr": "RÈGLE DE TABLE", "ko": "테이블 판정"},
    rules.HOUSE_DEFAULT: {"en": "HOUSE DEFAULT — check your copy",
                          "fr": "VALEUR PAR DÉFAUT — vérifiez votre exemplaire",
                          "ko": "기본값 — 가지고 계신 게임을 확인하세요"},
    rules.PUBLIC_SOURCE: {"en": "PUBLIC SOURCE", "fr": "SOURCE PUBLIQUE", "ko": "공개 자료"},
    "scan": {"en": "This section on your phone", "fr": "Cette section sur votre téléphone",
             "ko": "이 항목을 휴대폰으로"},
    "sheet_title": {"en": "Rules", "fr": "Règles", "ko": "규칙"},
    "continued": {"en": "(continued)", "fr": "(suite)", "ko": "(계속)"},
    "fallback": {
        "en": "",
        "fr": "",
        "ko": "규칙 본문은 한국어 번역이 없어 영어로 인쇄됩니다. QR 코드는 영어 페이지를 엽니다.",
    },
}


def _t(key: str, lang: str) -> str:
    return TEXTS[key].get(lang) or TEXTS[key]["en"]


DEFAULT_BASE_URL = "http://companion.local:8000"
"""The address printed when none is given: the name ``companion serve`` announces on the
local network (mDNS), which survives a change of the server's IP address."""


def check_base_url(base_url: str | None) -> str:
    """The base address printed in QR codes: http(s) with a host, without a trailing '/';
    ``None`` gives ``DEFAULT_BASE_URL``."""
    if base_url is None:
        base_url = DEFAULT_BASE_URL
    if not base_url:
        raise BuildError("the rule sheet's QR codes need the companion's address: give "
                         "--base-url, e.g. http://192.168.1.20:8000", "rule sheet")
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise BuildError(f"--base-url must be an http(s) address such as "
                         f"http://192.168.1.20:8000, not {base_url!r}", "rule sheet")
    return base_url.rstrip("/")


@dataclass
class _Block:
    """Something positioned on a page: text (fitted), a ruling box or a QR code."""

    kind: str
    x: float
    y: float  # bottom
    w: float
    h: float
    fitted: Fitted | None = None
    font: str = ""
    data: str = ""
    bold: bool = False
    label: Fitted | None = None
    align: str = "left"
    note: str = rules.RULING  # a ruling box's kind of note


def add_rule_sheet(doc: Document, game_id: str, lang: str, base_url: str | None) -> None:
    """Lay the rules out over as many pages as they need and add those pages to ``doc``.

    The rules text is in ``lang`` when the rules reference has it, else in English (with
    a note); QR codes open the pages in the language printed."""
    base = check_base_url(base_url)
    available = rules.languages(game_id)
    if not available:
        raise BuildError("no rules reference for this game", f"rule sheet {game_id}")
    text_lang = lang if lang in available else "en" if "en" in available else available[0]
    layout = _Layout(doc, lang)
    layout.header(f"{rules.game_title(game_id, text_lang)} — {_t('sheet_title', lang)}",
                  _t("fallback", lang) if text_lang != lang else "")
    for section in rules.sections(game_id, text_lang):
        layout.section(section, rules.rules_url(base, game_id, section.slug, text_lang))
    s = doc.settings
    for blocks in layout.pages:
        doc.add(Page(layout.component, _drawer(blocks, s.fonts.regular, s.fonts.bold,
                                               s.fonts.faux_bold, s.low_ink,
                                               layout.component)))


class _Layout:
    """Two columns: the rules on the left, rulings and QR codes on the right. Each ruling
    starts level with the paragraph it interprets; the QR code sits beside the section
    title, or after the section's rulings when the first paragraph has some."""

    def __init__(self, doc: Document, lang: str) -> None:
        self.lang = lang
        self.fonts = doc.settings.fonts
        page_w, page_h = doc.page_size
        self.component = doc.texts("rules")
        self.width = page_w - 2 * MARGIN
        gap = 5 * mm
        self.left_w = self.width * 0.62
        self.right_x = MARGIN + self.left_w + gap
        self.right_w = self.width - self.left_w - gap
        self.top = page_h - MARGIN
        self.bottom = MARGIN + 6 * mm
        self.pages: list[list[_Block]] = [[]]
        self.y = self.top
        self.right_y = self.top

    @property
    def blocks(self) -> list[_Block]:
        return self.pages[-1]

    def body(self, text: str, size: float, width: float, bold: bool = False) -> Fitted:
        font = self.fonts.bold if bold else self.fonts.regular
        return fit(text, font, width, 10_000, size=size, min_size=size,
                   component=self.component, leading=1.32)

    def text(self, fitted: Fitted, x: float, y: float, width: float, bold: bool = False,
             align: str = "left") -> None:
        self.blocks.append(_Block("text", x, y - fitted.height, width, fitted.height, fitted,
                                  self.fonts.bold if bold else self.fonts.regular, bold=bold,
                                  align=align))

    def header(self, title: str, note: str) -> None:
        fitted = fit(title, self.fonts.bold, self.width, 12 * mm, size=16, min_size=10,
                     component=self.component, max_lines=1)
        self.text(fitted, MARGIN, self.y, self.width, bold=True)
        self.y -= fitted.height + 3 * mm
        if note:
            fitted = self.body(note, RULING_SIZE, self.width)
            self.text(fitted, MARGIN, self.y, self.width)
            self.y -= fitted.height + 3 * mm

    def new_page(self, title: str) -> None:
        """Continue a section on a new page, under its title and "(continued)"."""
        self.pages.append([])
        cont = self.body(f"{title} {_t('continued', self.lang)}", TITLE_SIZE - 2, self.left_w,
                         bold=True)
        self.text(cont, MARGIN, self.top, self.left_w, bold=True)
        self.y = self.right_y = self.top - cont.height - 2.5 * mm

    def qr(self, url: str, caption: Fitted, at: float) -> float:
        self.blocks.append(_Block("qr", self.right_x + (self.right_w - QR_SIZE) / 2,
                                  at - QR_SIZE, QR_SIZE, QR_SIZE, data=url))
        self.text(caption, self.right_x, at - QR_SIZE - 1 * mm, self.right_w, align="center")
        return at - QR_SIZE - caption.height - 4 * mm

    def section(self, section: rules.Section, url: str) -> None:
        """Lay out a section; one that would straddle two pages starts on a new page when
        it fits on one."""
        pages, blocks, y, right_y = len(self.pages), len(self.blocks), self.y, self.right_y
        self._section(section, url)
        if len(self.pages) > pages and y < self.top - 1:
            del self.pages[pages:]
            del self.pages[-1][blocks:]
            self.pages.append([])
            self.y = self.right_y = self.top
            self._section(section, url)
            if len(self.pages) > pages + 1:  # too long for any page: split it where it was
                del self.pages[pages:]
                del self.pages[-1][blocks:]
                self.y, self.right_y = y, right_y
                self._section(section, url)

    def _section(self, section: rules.Section, url: str) -> None:
        title = self.body(section.title, TITLE_SIZE, self.left_w, bold=True)
        caption = self.body(_t("scan", self.lang), 6.5, self.right_w)
        head_h = title.height + 3 * mm
        qr_h = QR_SIZE + caption.height + 4 * mm
        paragraphs = []
        for index, paragraph in enumerate(section.paragraphs):
            item = rules.is_item(paragraph)
            indent = 3 * mm if item else 0
            text = self.body(("• " if item else "") + rules.item_text(paragraph), BODY_SIZE,
                             self.left_w - indent)
            boxes = []
            for kind, notes in section.notes_for(index):
                label = self.body(_t(kind, self.lang), 6.2, self.right_w - 4 * mm, bold=True)
                for ruling in notes:
                    boxes.append((label, self.body(ruling.text, RULING_SIZE,
                                                   self.right_w - 4 * mm), kind))
            paragraphs.append((indent, text, boxes))

        first = head_h + qr_h
        if paragraphs:
            _, p, boxes = paragraphs[0]
            rh = sum(lb.height + rt.height + 6 * mm for lb, rt, _ in boxes)
            first = head_h + max(p.height + 2 * mm, rh + (qr_h if boxes else 0), qr_h)
        if self.y - first < self.bottom:
            self.pages.append([])
            self.y = self.top
        self.text(title, MARGIN, self.y, self.left_w, bold=True)
        self.right_y = self.y
        qr_placed = not paragraphs or not paragraphs[0][2]
        if qr_placed:
            self.right_y = self.qr(url, caption, self.y)
        self.y -= head_h
        for indent, p, boxes in paragraphs:
            rh = sum(lb.height + rt.height + 6 * mm for lb, rt, _ in boxes)
            if max(p.height, rh) > self.top - self.bottom - 20 * mm:
                raise TextOverflow("a paragraph or its rulings are taller than a page",
                                   self.component)
            if boxes:
                # a paragraph with rulings starts where its rulings can start beside it
                self.y = min(self.y, self.right_y)
            if self.y - p.height < self.bottom or self.y - rh < self.bottom:
                self.new_page(section.title)
            self.blocks.append(_Block("text", MARGIN + indent, self.y - p.height,
                                      self.left_w - indent, p.height, p, self.fonts.regular))
            if boxes:
                kinds = {kind for _, _, kind in boxes}
                self.blocks.append(_Block("mark", MARGIN - 2.5 * mm, self.y - p.height, 0,
                                          p.height, note=rules.RULING if rules.RULING in kinds
                                          else rules.HOUSE_DEFAULT))
                ry = self.y
                for label, ruling_text, kind in boxes:
                    h = label.height + ruling_text.height + 4.5 * mm
                    self.blocks.append(_Block("ruling", self.right_x, ry - h, self.right_w, h,
                                              ruling_text, self.fonts.regular, label=label,
                                              note=kind))
                    ry -= h + 1.5 * mm
                self.right_y = ry
            self.y -= p.height + 2.2 * mm
        if not qr_placed:
            if self.right_y - qr_h < self.bottom:
                self.new_page(section.title)
            self.right_y = self.qr(url, caption, self.right_y)
        self.y = min(self.y, self.right_y) - 5 * mm


def _drawer(blocks: list[_Block], regular: str, bold: str, faux_bold: bool, low_ink: bool,
            component: str) -> Callable[[Canvas], None]:
    def draw(c: Canvas) -> None:
        for b in blocks:
            if b.kind == "qr":
                draw_qr(c, b.data, b.x, b.y, b.w, component=component)
            elif b.kind == "ruling":
                c.saveState()
                ruling = b.note == rules.RULING
                # a table ruling in amber; a house default or a public fact in grey, dashed
                if ruling:
                    c.setStrokeColorRGB(0.85, 0.62, 0.0)
                    c.setFillColorRGB(1.0, 0.96, 0.80)
                else:
                    c.setStrokeColorRGB(0.45, 0.45, 0.45)
                    c.setFillColorRGB(0.94, 0.94, 0.94)
                    c.setDash(2, 1.5)
                c.setLineWidth(0.8)
                c.roundRect(b.x, b.y, b.w, b.h, 1.5 * mm, stroke=1, fill=0 if low_ink else 1)
                c.setDash()
                if ruling:
                    c.setFillColorRGB(0.55, 0.36, 0.0)
                else:
                    c.setFillColorRGB(0.25, 0.25, 0.25)
                assert b.label is not None and b.fitted is not None
                draw_fitted(c, b.label, bold, b.x + 2 * mm, b.y, b.w - 4 * mm, b.h - 2 * mm,
                            bold=True, faux_bold=faux_bold)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                draw_fitted(c, b.fitted, regular, b.x + 2 * mm, b.y,
                            b.w - 4 * mm, b.h - 2 * mm - b.label.height - 1.5 * mm)
                c.restoreState()
            elif b.kind == "mark":
                # the paragraph a note is about: amber for a table ruling, else grey
                c.saveState()
                if b.note == rules.RULING:
                    c.setStrokeColorRGB(0.85, 0.62, 0.0)
                else:
                    c.setStrokeColorRGB(0.45, 0.45, 0.45)
                c.setLineWidth(1.6)
                c.line(b.x, b.y, b.x, b.y + b.h)
                c.restoreState()
            else:
                assert b.fitted is not None
                c.setFillColorRGB(0.05, 0.05, 0.05)
                draw_fitted(c, b.fitted, b.font, b.x, b.y, b.w, b.h, bold=b.bold,
                            faux_bold=faux_bold, align=b.align)
    return draw
