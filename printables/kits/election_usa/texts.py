"""The kit's printed texts in English and French."""

from __future__ import annotations

from typing import Any

from ...texts import COMMON_TEXTS, localized

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
