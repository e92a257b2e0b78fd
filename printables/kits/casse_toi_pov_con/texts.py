"""The kit's printed texts in English, French and Korean."""

from __future__ import annotations

from typing import Any

from ...texts import COMMON_TEXTS, localized

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
