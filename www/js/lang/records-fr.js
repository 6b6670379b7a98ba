// @ts-check
// The record games' words in French (crate/src/library_data.rs): each note by the record's
// name, and, as "NAME author", an author whose name carries words ("(program)"). The engine
// gives them in English; above each entry is the English it translates, which the engine's
// unit test compares with the library's, so an entry that changes there fails the test until
// it is translated again. One entry a line.

/** @type {Record<string, string>} */
export default {
  // 5T world record (canonical, = morpionsolitaire.com Pentasol file)
  "5t-178-rosin": "record du monde en 5T (la grille de référence, identique au fichier Pentasol de morpionsolitaire.com)",
  // legal terminal 178 game that is NOT identical to the canonical record: after the symmetry (x,y)->(9-y,9-x) it shares 174/178 lines and 213/214 dots with it
  "5t-178-rosin-variant-anagorko": "partie légale et finie de 178 coups qui n'est PAS la grille de référence : après la symétrie (x,y)->(9-y,9-x), elle en partage 174 lignes sur 178 et 213 points sur 214",
  // record 1976-2010, by hand
  "5t-170-bruneau": "record de 1976 à 2010, trouvé à la main",
  // computer grid
  "5t-146-akiyama": "grille trouvée par ordinateur",
  // computer grid
  "5t-145-akiyama": "grille trouvée par ordinateur",
  // not a record; example of an MSR file with solver/producer metadata
  "5t-139-smj": "pas un record ; un exemple de fichier MSR avec ses métadonnées (champs solver et producer)",
  // best fully D4-symmetric 5T grid
  "5t-136-quist-symmetric": "meilleure grille 5T entièrement symétrique (les 8 symétries du groupe D4)",
  // shortest possible terminal 5T game (20 = proven minimum per morpionsolitaire.com Limits page)
  "5t-20-worst": "la plus courte partie 5T finie possible (20 = le minimum prouvé, selon la page Limits de morpionsolitaire.com)",
  // 5D world record
  "5d-82-rosin": "record du monde en 5D",
  // NOT Cazenave's 2008 80-move record; an independent 80-move 5D game
  "5d-80-gillioz-nmcs": "ce n'est PAS le record de 80 coups de Cazenave (2008) : une autre partie 5D de 80 coups, trouvée indépendamment",
  // optimal (Quist 2008 enumeration)
  "4t-62-hyyroporanen": "optimale (énumération de Quist, 2008)",
  // historical
  "4t-56-demaine": "historique",
  // another optimal 62 game (58/62 lines in common with Hyyro-Poranen up to symmetry)
  "4t-62-gillioz-nmcs": "une autre partie optimale de 62 coups (58 de ses 62 lignes en commun avec celle de Hyyrö et Poranen, à une symétrie près)",
  // optimal (Quist 2008 enumeration)
  "4d-35-hyyroporanen": "optimale (énumération de Quist, 2008)",
  // historical
  "4d-31-demaine": "historique",
  // another optimal 35 game
  "4d-35-gillioz-nmcs": "une autre partie optimale de 35 coups",

  // authors whose names carry words
  // Rosin (variant)
  "5t-178-rosin-variant-anagorko author": "Rosin (variante)",
  // Marc Gillioz (program)
  "5d-80-gillioz-nmcs author": "Marc Gillioz (programme)",
  // Marc Gillioz (program)
  "4t-62-gillioz-nmcs author": "Marc Gillioz (programme)",
  // Marc Gillioz (program)
  "4d-35-gillioz-nmcs author": "Marc Gillioz (programme)",
};
