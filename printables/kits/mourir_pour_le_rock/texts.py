"""The kit's printed texts in French and English."""

from __future__ import annotations

from typing import Any

from ...texts import COMMON_TEXTS, localized

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
