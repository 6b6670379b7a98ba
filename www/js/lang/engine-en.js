// @ts-check
// The engine's errors that the page words otherwise than the command line, in English, by
// code (crate/src/explain/). The engine says every error in English itself, in the
// command line's terms (`write msr-json`); where the page's terms differ (its menus'
// names: "MSR JSON"; the LP playground's fields, not `octagon:` and `square:`), the page
// says the error with these entries. A code missing here is said in the engine's own words.

/** @type {Record<string, string | { one: string, other: string }>} */
export default {
  "format.pentasol": "Pentasol",
  "format.flammenkamp": "Flammenkamp's notation",
  "format.msr-json": "MSR JSON (morpion-solitaire.io)",
  "format.msr": "MS1 (compact MSR)",
  "format.link": "Link",
  "format.gillioz": "gillioz grid JSON",
  "format.gillioz-dto": "gillioz GridDTO JSON",
  "format.csv": "CSV (x,y,dir,pos)",
  "write.five-point": "{format} is for 5-point lines; this game is {variant} (export it as MSR JSON, CSV, a link or an image)",
  "write.custom-start": "{format} always starts from the cross; this game starts from another set of dots (export it as a link, as CSV or as MSR JSON, whose start this program reads; morpion-solitaire.io does not)",
  "board.side": "'{text}': expected a number of points a side",
  "board.not-closed": "'{list}': these lengths do not close the octagon (a8+a1+a2 must equal a4+a5+a6, and a2+a3+a4 must equal a6+a7+a8)",
  "write.read-only": "{format} is read only; export as MSR JSON for morpion-solitaire.io",
};
