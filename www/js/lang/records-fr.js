// @ts-check
// The record games' words in French (crate/src/library_data.rs): each note by the record's
// name, and, as "NAME author", an author whose name carries words ("(program)"). The engine
// gives them in English; above each entry is the English it translates, which the engine's
// unit test compares with the library's, so an entry that changes there fails the test until
// it is translated again. One entry a line.

/** @type {Record<string, string>} */
export default {
  // The 5T world record, found by Rosin's computer search (NRPA) in August 2011.
  "5t-178-rosin": "Le record du monde en 5T, trouvé par la recherche informatique de Rosin (NRPA) en août 2011.",
  // Another 178-move game, not the record itself: after a reflection it shares 174 of its 178 lines with it (as kept in the repository of the paper that proved the bound of 485).
  "5t-178-rosin-variant-anagorko": "Une autre partie de 178 coups, qui n'est pas le record : après une symétrie, elle en partage 174 lignes sur 178 (telle que conservée dans le dépôt de l'article qui a prouvé la borne de 485).",
  // One of Rosin's two 177-move games of May 2011, three months before his 178.
  "5t-177-rosin-a": "Une des deux parties de 177 coups de Rosin en mai 2011, trois mois avant son 178.",
  // One of Rosin's two 177-move games of May 2011, three months before his 178.
  "5t-177-rosin-b": "Une des deux parties de 177 coups de Rosin en mai 2011, trois mois avant son 178.",
  // Rosin's 172 of August 2010, by computer search: the first game past Bruneau's 170, after 34 years.
  "5t-172-rosin": "Le 172 de Rosin, en août 2010, par recherche informatique : la première partie au-delà du 170 de Bruneau, après 34 ans.",
  // A 172-move game by Dimitri Tishchenko.
  "5t-172-tishchenko": "Une partie de 172 coups de Dimitri Tishchenko.",
  // A 171-move game by Dimitri Tishchenko.
  "5t-171-tishchenko": "Une partie de 171 coups de Dimitri Tishchenko.",
  // The record from 1976 to 2010, found by hand by Charles-Henri Bruneau.
  "5t-170-bruneau": "Le record de 1976 à 2010, trouvé à la main par Charles-Henri Bruneau.",
  // A 170-move game of Rosin's from 2010, level with Bruneau's record.
  "5t-170-rosin-a": "Une partie de 170 coups de Rosin, en 2010, à égalité avec le record de Bruneau.",
  // A 146-move game found by computer (Akiyama).
  "5t-146-akiyama": "Une partie de 146 coups trouvée par ordinateur (Akiyama).",
  // A 145-move game found by computer (Akiyama).
  "5t-145-akiyama": "Une partie de 145 coups trouvée par ordinateur (Akiyama).",
  // Not a record: a 139-move game shared as an example of the MSR file format.
  "5t-139-smj": "Pas un record : une partie de 139 coups publiée comme exemple du format de fichier MSR.",
  // The best 5T game whose drawing looks the same under all eight turns and reflections of the cross (Michael Quist, 2008).
  "5t-136-quist-symmetric": "La meilleure partie 5T dont le dessin reste le même par les huit rotations et symétries de la croix (Michael Quist, 2008).",
  // The shortest possible 5T game: after these 20 moves no line can be drawn.
  "5t-20-worst": "La plus courte partie 5T possible : après ces 20 coups, plus aucune ligne ne peut être tracée.",
  // The 5D world record, found by Rosin's computer search (NRPA) in August 2010.
  "5d-82-rosin": "Le record du monde en 5D, trouvé par la recherche informatique de Rosin (NRPA) en août 2010.",
  // An 80-move 5D game found by Marc Gillioz's nested Monte-Carlo search (2023), not Cazenave's 80 of 2008.
  "5d-80-gillioz-nmcs": "Une partie 5D de 80 coups trouvée par la recherche Monte-Carlo imbriquée de Marc Gillioz (2023), et non le 80 de Cazenave (2008).",
  // The longest possible 4T game: 62 moves, as Quist's complete search proved in 2008.
  "4t-62-hyyroporanen": "La plus longue partie 4T possible : 62 coups, comme l'a prouvé la recherche complète de Quist en 2008.",
  // A 56-move 4T game by Demaine, Demaine, Langerman and Langerman (2004).
  "4t-56-demaine": "Une partie 4T de 56 coups, de Demaine, Demaine, Langerman et Langerman (2004).",
  // Another longest possible 4T game, found by Marc Gillioz's program (2023): up to a symmetry, 58 of its 62 lines are Hyyrö and Poranen's.
  "4t-62-gillioz-nmcs": "Une autre partie 4T de longueur maximale, trouvée par le programme de Marc Gillioz (2023) : à une symétrie près, 58 de ses 62 lignes sont celles de Hyyrö et Poranen.",
  // The longest possible 4D game: 35 moves, as Quist's complete search proved in 2008.
  "4d-35-hyyroporanen": "La plus longue partie 4D possible : 35 coups, comme l'a prouvé la recherche complète de Quist en 2008.",
  // A 31-move 4D game by Demaine, Demaine, Langerman and Langerman (2004).
  "4d-31-demaine": "Une partie 4D de 31 coups, de Demaine, Demaine, Langerman et Langerman (2004).",
  // Another longest possible 4D game, found by Marc Gillioz's program (2023).
  "4d-35-gillioz-nmcs": "Une autre partie 4D de longueur maximale, trouvée par le programme de Marc Gillioz (2023).",

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
