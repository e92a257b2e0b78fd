"""The texts every printed document shares (calibration page, footers, checklist headings,
tiled boards, the rule sheet's name), in English, French and Korean. Kits add their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

COMMON_TEXTS: dict[str, dict[str, str]] = {
    "page_of": {"en": "page {n} of {m}", "fr": "page {n} sur {m}", "ko": "{m}쪽 중 {n}쪽"},
    "kit": {"en": "kit {v}", "fr": "kit {v}", "ko": "키트 {v}"},
    "blank": {"en": "blank side", "fr": "verso vierge", "ko": "빈 면"},
    "backs": {"en": "backs", "fr": "dos", "ko": "뒷면"},
    "back_of": {"en": "behind page {n}", "fr": "au dos de la page {n}", "ko": "{n}쪽 뒷면"},
    "print_100": {
        "en": "Print at 100 % (actual size), without scaling.",
        "fr": "Imprimer à 100 % (taille réelle), sans mise à l'échelle.",
        "ko": "100 %(실제 크기)로, 크기 조정 없이 인쇄하세요.",
    },
    "calibration": {"en": "Print check", "fr": "Test d'impression", "ko": "인쇄 확인"},
    "calibration_title": {
        "en": "Print check: measure before you cut",
        "fr": "Test d'impression : mesurez avant de découper",
        "ko": "인쇄 확인: 자르기 전에 재어 보세요",
    },
    "print_100_long": {
        "en": "Print this file at 100 % (\"Actual size\"): turn off \"Fit to page\" and "
              "\"Shrink oversized pages\". The ruler below must measure exactly 100 mm and the "
              "square exactly 1 inch (25.4 mm) a side; if they do not, the printer scaled the "
              "page and the cards will come out the wrong size.",
        "fr": "Imprimez ce fichier à 100 % (« Taille réelle ») : désactivez « Ajuster à la "
              "page » et « Réduire les pages trop grandes ». La règle ci-dessous doit mesurer "
              "exactement 100 mm et le carré exactement 1 pouce (25,4 mm) de côté ; sinon "
              "l'imprimante a mis la page à l'échelle et les cartes n'auront pas la bonne "
              "taille.",
        "ko": "이 파일을 100 %(\"실제 크기\")로 인쇄하세요. \"페이지에 맞춤\"과 \"큰 페이지 "
              "축소\"를 끄세요. 아래 자는 정확히 100 mm, 정사각형은 한 변이 정확히 1인치"
              "(25.4 mm)여야 합니다. 그렇지 않으면 프린터가 크기를 바꾼 것이고 카드 크기가 "
              "틀어집니다.",
    },
    "mode_long": {
        "en": "This file is made for double-sided printing, flipping on the long edge.",
        "fr": "Ce fichier est fait pour l'impression recto verso, retournement sur le bord long.",
        "ko": "이 파일은 긴 쪽으로 넘기는 양면 인쇄용입니다.",
    },
    "mode_short": {
        "en": "This file is made for double-sided printing, flipping on the short edge.",
        "fr": "Ce fichier est fait pour l'impression recto verso, retournement sur le bord "
              "court.",
        "ko": "이 파일은 짧은 쪽으로 넘기는 양면 인쇄용입니다.",
    },
    "mode_none": {
        "en": "This file is made for single-sided printing: every sheet of card fronts is "
              "followed by its sheet of backs. Glue each back sheet to the front sheet before "
              "it, back to back, holding them against a window so the crop marks meet, then cut.",
        "fr": "Ce fichier est fait pour l'impression recto seul : chaque feuille de recto de "
              "cartes est suivie de sa feuille de dos. Collez chaque feuille de dos dos à dos "
              "avec la feuille de recto qui la précède, contre une fenêtre pour que les traits "
              "de coupe se rejoignent, puis découpez.",
        "ko": "이 파일은 단면 인쇄용입니다. 카드 앞면 종이마다 바로 뒤에 그 뒷면 종이가 "
              "있습니다. 뒷면 종이를 앞 장의 앞면 종이와 등을 맞대어 붙이되, 창문에 비춰 "
              "재단 표시가 맞도록 한 다음 자르세요.",
    },
    "mode_separate": {
        "en": "The card backs are in a second file: print this one, put the printed sheets "
              "back in the tray, and print the backs file on their reverse (its page 1 goes "
              "behind this page, each of its pages names the page it goes behind).",
        "fr": "Les dos des cartes sont dans un second fichier : imprimez celui-ci, remettez "
              "les feuilles dans le bac et imprimez le fichier des dos au verso (sa page 1 va "
              "au dos de cette page, chacune de ses pages dit derrière quelle page elle va).",
        "ko": "카드 뒷면은 두 번째 파일에 있습니다. 이 파일을 인쇄하고 종이를 다시 급지대에 "
              "넣은 뒤 뒷면 파일을 그 뒤쪽에 인쇄하세요 (그 1쪽은 이 쪽의 뒤에 가고, 각 쪽에 "
              "어느 쪽 뒤에 가는지 적혀 있습니다).",
    },
    "how_glued": {
        "en": "Glue each back sheet to its front sheet, then cut along the crop marks",
        "fr": "Coller chaque feuille de dos à sa feuille de recto, puis couper aux traits de "
              "coupe",
        "ko": "뒷면 종이를 앞면 종이에 붙인 뒤 재단 표시대로 자르기",
    },
    "mode_gutterfold": {
        "en": "This file is made for single-sided printing, gutterfold: each sheet of cards "
              "carries the fronts on its top half and their backs on the bottom half. Fold "
              "it along the dashed line in the middle, printed sides out, glue the blank "
              "halves together, then cut along the crop marks.",
        "fr": "Ce fichier est fait pour l'impression recto seul, pliée : chaque feuille de "
              "cartes porte les rectos sur sa moitié haute et leurs dos sur la moitié basse. "
              "Pliez-la le long du pointillé du milieu, faces imprimées à l'extérieur, collez "
              "les deux moitiés blanches l'une sur l'autre, puis découpez aux traits de "
              "coupe.",
        "ko": "이 파일은 접어서 쓰는 단면 인쇄용이에요. 카드 종이마다 위쪽 절반에 앞면, 아래쪽 "
              "절반에 그 뒷면이 있어요. 가운데 점선을 따라 인쇄면이 바깥쪽으로 가게 접고, "
              "빈 면끼리 붙인 뒤 재단 표시대로 자르세요.",
    },
    "how_folded": {
        "en": "Fold each sheet on its middle line, glue, then cut along the crop marks",
        "fr": "Plier chaque feuille sur sa ligne du milieu, coller, puis couper aux traits "
              "de coupe",
        "ko": "종이를 가운데 선에서 접어 붙인 뒤 재단 표시대로 자르기",
    },
    "fold_here": {
        "en": "Fold here, printed sides out: each back lies behind its front",
        "fr": "Plier ici, faces imprimées à l'extérieur : chaque dos tombe derrière son "
              "recto",
        "ko": "여기서 인쇄면이 바깥쪽으로 가게 접으세요: 뒷면이 앞면 뒤에 와요",
    },
    "offset_built": {
        "en": "This kit is built with its backs moved by {x}, {y} mm (--offset {x},{y}). The "
              "scale on the back measures the printer, not this kit: if the cross falls on "
              "{x}, {y}, the backs are in place. Do not add the offset again.",
        "fr": "Ce kit est fait avec les dos décalés de {x}, {y} mm (--offset {x},{y}). "
              "L'échelle du verso mesure l'imprimante, pas ce kit : si la croix tombe sur "
              "{x}, {y}, les dos sont en place. N'ajoutez pas le décalage une seconde fois.",
        "ko": "이 키트는 뒷면을 {x}, {y} mm 옮겨서 만들었어요 (--offset {x},{y}). 뒷면의 "
              "눈금은 이 키트가 아니라 프린터를 재요: 십자가 {x}, {y}에 오면 뒷면이 제자리에 "
              "있는 거예요. 오프셋을 다시 더하지 마세요.",
    },
    "print_shop": {
        "en": "Print-shop file: {bleed} mm of bleed around every card, cards {gap} mm apart, "
              "TrimBox and BleedBox on every page. Colours are RGB (sRGB): let the shop "
              "convert them with its own profile.",
        "fr": "Fichier pour imprimeur : {bleed} mm de fond perdu autour de chaque carte, "
              "cartes espacées de {gap} mm, TrimBox et BleedBox sur chaque page. Les couleurs "
              "sont en RVB (sRGB) : laissez l'imprimeur les convertir avec son profil.",
        "ko": "인쇄소용 파일: 카드마다 {bleed} mm 도련, 카드 간격 {gap} mm, 모든 쪽에 "
              "TrimBox와 BleedBox가 있어요. 색은 RGB(sRGB)예요: 인쇄소의 프로파일로 변환해 "
              "달라고 하세요.",
    },
    "app_qr": {
        "en": "Play with the table companion: scan to open a new table of this game.",
        "fr": "Jouez avec le compagnon de table : scannez pour ouvrir une nouvelle table de "
              "ce jeu.",
        "ko": "테이블 도우미와 함께 플레이하세요: 스캔하면 이 게임의 새 테이블이 열려요.",
    },
    "per_sheet_count": {
        "en": "On this paper a sheet holds {n} poker cards.",
        "fr": "Sur ce papier, une feuille porte {n} cartes au format poker.",
        "ko": "이 용지 한 장에는 포커 카드 {n}장이 들어가요.",
    },
    "per_sheet": {
        "en": "On this paper a sheet holds {n} poker cards, 2 mm apart so that a cut a "
              "little off never shows the next card.",
        "fr": "Sur ce papier, une feuille porte {n} cartes au format poker, espacées de 2 mm "
              "pour qu'une coupe un peu décalée ne montre jamais la carte voisine.",
        "ko": "이 용지 한 장에는 포커 카드 {n}장이 2 mm 간격으로 들어갑니다. 조금 빗나가게 "
              "잘라도 옆 카드가 보이지 않습니다.",
    },
    "ruler": {
        "en": "100 mm: must measure exactly 10 cm",
        "fr": "100 mm : doit mesurer exactement 10 cm",
        "ko": "100 mm: 정확히 10 cm여야 합니다",
    },
    "inch": {
        "en": "1-inch square (25.4 mm)", "fr": "Carré de 1 pouce (25,4 mm)",
        "ko": "1인치 정사각형 (25.4 mm)",
    },
    "duplex_front": {
        "en": "Front/back alignment. This cross is printed on the front; the back of this "
              "sheet carries a millimetre scale at the same place. Hold the printed sheet "
              "against a window or a lamp and read, on the back, where this cross falls.",
        "fr": "Alignement recto/verso. Cette croix est imprimée au recto ; le verso porte une "
              "échelle millimétrée au même endroit. Tenez la feuille imprimée contre une "
              "fenêtre ou une lampe et lisez, au verso, où tombe cette croix.",
        "ko": "앞뒤 정렬. 이 십자는 앞면에 인쇄됩니다. 이 종이의 뒷면 같은 자리에 밀리미터 "
              "눈금이 있습니다. 인쇄한 종이를 창문이나 전등에 비추고 뒷면에서 이 십자가 "
              "어디에 오는지 읽으세요.",
    },
    "duplex_back": {
        "en": "Read where the cross of the front falls on this scale (X across, Y up, in mm). "
              "If it is not on 0,0, make the kit again with the offset X,Y "
              "(companion print … --offset X,Y, or the offset field of the print page).",
        "fr": "Lisez où la croix du recto tombe sur cette échelle (X en largeur, Y en hauteur, "
              "en mm). Si elle n'est pas sur 0,0, refaites le kit avec le décalage X,Y "
              "(companion print … --offset X,Y, ou le champ décalage de la page d'impression).",
        "ko": "앞면의 십자가 이 눈금의 어디에 오는지 읽으세요(X는 가로, Y는 세로, mm). "
              "0,0이 아니면 오프셋 X,Y로 키트를 다시 만드세요 (companion print … "
              "--offset X,Y 또는 인쇄 페이지의 오프셋 칸).",
    },
    "checklist_hint": {
        "en": "Next: the checklist of what to cut and what to bring. Cut along the crop marks "
              "in the margins; a sharp craft knife and a metal ruler give the straightest cards.",
        "fr": "Ensuite : la liste de ce qu'il faut découper et apporter. Coupez dans "
              "l'alignement des traits de coupe des marges ; un cutter et une règle en métal "
              "donnent les cartes les plus droites.",
        "ko": "다음 쪽: 자를 것과 준비할 것의 목록. 여백의 재단 표시를 따라 자르세요. "
              "커터 칼과 쇠자를 쓰면 카드가 가장 반듯합니다.",
    },
    "tile": {"en": "Tile {name} of {count}", "fr": "Morceau {name} sur {count}",
             "ko": "{count}조각 중 {name}"},
    "tile_left": {"en": "trim the dashed left edge;", "fr": "coupez le bord gauche pointillé ;",
                  "ko": "왼쪽 점선을 자르세요;"},
    "tile_top": {"en": "trim the dashed top edge;", "fr": "coupez le bord haut pointillé ;",
                 "ko": "위쪽 점선을 자르세요;"},
    "tile_cut_first": {
        "en": "cut along the dashed line, around the grey strip.",
        "fr": "découpez le long du pointillé, autour de la bande grise.",
        "ko": "회색 띠를 포함해 점선을 따라 자르세요."},
    "tile_cut_trim": {
        "en": "cut along the dashed line; the board's own edge is the cut edge.",
        "fr": "découpez le long du pointillé : le bord du plateau est le bord coupé.",
        "ko": "점선을 따라 자르세요; 잘린 가장자리가 판의 가장자리입니다."},
    "tile_cut_glue": {
        "en": "Spread glue on the grey strip on the right and lay tile {name}'s left edge "
              "on the black line.",
        "fr": "Encollez la bande grise de droite et posez le bord gauche du morceau {name} "
              "sur le trait noir.",
        "ko": "오른쪽 회색 띠에 풀을 바르고 {name} 조각의 왼쪽 가장자리를 검은색 선에 맞춰 "
              "붙이세요."},
    "tile_cut_glue_below": {
        "en": "Spread glue on the grey strip below and lay tile {name}'s top edge on the "
              "black line.",
        "fr": "Encollez la bande grise du bas et posez le bord haut du morceau {name} sur "
              "le trait noir.",
        "ko": "아래 회색 띠에 풀을 바르고 {name} 조각의 위쪽 가장자리를 검은색 선에 맞춰 "
              "붙이세요."},
    "tile_overlap": {
        "en": "the next tile covers the last {mm} mm: match the ⊕ marks and glue.",
        "fr": "le morceau suivant recouvre les {mm} derniers mm : alignez les ⊕ et collez.",
        "ko": "다음 조각이 마지막 {mm} mm를 덮습니다: ⊕ 표시를 맞춰 붙이세요.",
    },
    "checklist": {"en": "Checklist", "fr": "Liste du matériel", "ko": "구성물 목록"},
    "checklist_title": {
        "en": "What to cut, how many, and what to bring",
        "fr": "Quoi découper, combien, et quoi apporter",
        "ko": "자를 것, 개수, 준비할 것",
    },
    "col_component": {"en": "Component", "fr": "Élément", "ko": "구성물"},
    "col_count": {"en": "Count", "fr": "Nombre", "ko": "개수"},
    "col_pages": {"en": "Pages", "fr": "Pages", "ko": "쪽"},
    "col_how": {"en": "How", "fr": "Comment", "ko": "방법"},
    "rules": {"en": "Rule sheet", "fr": "Fiche de règles", "ko": "규칙지"},
}


def localized(table: Mapping[str, Mapping[str, str]], key: str, lang: str,
              **values: Any) -> str:
    """``table[key]`` in ``lang`` (English when missing), with no line break before a minus
    sign nor, in French, before the high punctuation."""
    entry = table[key]
    value = entry.get(lang) or entry["en"]
    value = value.format(**values) if values else value
    value = value.replace(" −", "\u00a0−")
    if lang == "fr":
        for mark in (":", ";", "!", "?", "»"):
            value = value.replace(f" {mark}", f"\u00a0{mark}")
        value = value.replace("« ", "«\u00a0")
    return value
