"""The kit's printed texts in English and French, and how numbers and data fields are
written in each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...texts import COMMON_TEXTS, localized

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
