// The page's languages as data: every language has every key with the same placeholders,
// every key the page uses exists, plurals and numbers follow the language, and the
// engine's answers (variants, lines offered, why not) are worded from data.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { catalogues, chooseLanguage, engineCatalogues, explain, num, recordCatalogues, recordNote, setLanguage, t } from "../www/js/i18n.js";
import { errorFrom, errorInfo, errorText, startFailure } from "../www/js/dom.js";
import { describeChoice, gameTitle, initials, recordLabel, recordOption, startName, titleWho, variantName, variantShort, whyNotText } from "../www/js/words.js";
import { describeMine } from "../www/js/my-games.js";
import { notLower } from "../www/js/bounds-panel.js";
import { ROOT } from "./support.mjs";

const en = catalogues.en;

/** The placeholders of an entry, sorted (both plural forms). */
const placeholders = (entry) => {
  const of = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
  return typeof entry === "string" ? of(entry) : `${of(entry.one)}|${of(entry.other)}`;
};

test("every language has exactly the English keys, with the same placeholders and plural forms", () => {
  for (const [code, catalogue] of Object.entries(catalogues)) {
    assert.deepEqual(Object.keys(catalogue).sort(), Object.keys(en).sort(), code);
    for (const [key, entry] of Object.entries(en)) {
      assert.equal(typeof catalogue[key], typeof entry, `${code} ${key}: the same shape`);
      assert.equal(placeholders(catalogue[key]), placeholders(entry), `${code} ${key}: the same placeholders`);
    }
  }
});

test("every key the page uses is in the catalogue: index.html's data-i18n and the scripts' t(\"...\")", () => {
  const html = readFileSync(join(ROOT, "index.html"), "utf8");
  const used = [
    ...[...html.matchAll(/data-i18n="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/data-i18n-attr="([^"]+)"/g)].flatMap((m) => m[1].split(";").map((p) => p.split("=")[1])),
  ];
  // every string in the scripts that looks like a key of one of the catalogue's groups
  // ("search.kept-yes" in a ternary too), and the keys the scripts build from parts
  const groups = new Set(Object.keys(en).map((k) => k.split(".")[0]));
  const dir = join(ROOT, "www", "js");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js") && f !== "i18n.js")) {
    for (const m of readFileSync(join(dir, file), "utf8").matchAll(/"([a-z]+)\.([\w-]+)"/g)) {
      if (groups.has(m[1]) && !/^(js|json|mjs|png|svg|wasm|txt)$/.test(m[2])) used.push(`${m[1]}.${m[2]}`);
    }
  }
  const families = {
    "variant.len-": ["3", "4", "5", "6"], "variant.rule-": ["T", "D"], "dir.": ["h", "v", "dn", "dp"],
    "side.": ["left", "right", "up", "down", "up-left", "down-right", "down-left", "up-right"],
    "why.overlap-": ["T", "D", "T-start", "D-start"], "bounds.kind-": ["game_over", "hull", "potential", "published", "lp"],
    "bounds.lp-why-": ["hull", "potential", "published"],
    "search.why-": ["budget", "time", "stopped", "done"], "share.image-": ["png", "svg"],
  };
  for (const [prefix, ends] of Object.entries(families)) used.push(...ends.map((e) => prefix + e));
  assert.ok(used.length > 200, `${used.length} uses found`);
  const missing = [...new Set(used)].filter((k) => !(k in en));
  assert.deepEqual(missing, []);
});

test("the language: the address, else the one chosen, else the browser's, else English", () => {
  assert.equal(chooseLanguage({ query: "fr", stored: "en", browser: ["en-US"] }), "fr");
  assert.equal(chooseLanguage({ query: null, stored: "fr", browser: ["en-US"] }), "fr");
  assert.equal(chooseLanguage({ query: "xx", stored: null, browser: ["de-DE", "fr-CA", "en"] }), "fr");
  assert.equal(chooseLanguage({ query: null, stored: null, browser: ["de", "ja"] }), "en");
  assert.equal(chooseLanguage({}), "en");
});

test("plurals, placeholders and numbers follow the language", () => {
  setLanguage("en");
  assert.equal(t("games.moves", { n: 1 }), "1 move");
  assert.equal(t("games.moves", { n: 126912 }), "126,912 moves");
  assert.equal(t("games.moves", { n: 0 }), "0 moves");
  setLanguage("fr");
  assert.equal(t("games.moves", { n: 0 }), "0 coup", "French: 0 is singular");
  assert.equal(t("games.moves", { n: 2 }), "2 coups");
  assert.match(num(126912), /^126\s912$/u);
  assert.equal(t("bounds.at-most", { n: 705 }) + t("bounds.by", { why: t("bounds.kind-hull") }), "au plus 705 coups (par l'enveloppe)");
  setLanguage("xx");
  assert.equal(t("tabs.play"), "Play", "an unknown language is English");
  setLanguage("en");
});

test("the engine's data in words: variants, the lines offered, why not, a branch's title", () => {
  setLanguage("en");
  assert.equal(variantName("5T"), "5T – lines of five, touching allowed");
  assert.equal(variantName("3D"), "3D – lines of three, no touching");
  assert.equal(variantShort("5T"), "5T – touching", "the header's menu on a phone");
  assert.equal(variantShort("4D"), "4D – disjoint");
  assert.equal(describeChoice({ dir: "h", at: 0, from: [0, 0], to: [4, 0] }, 5), "Horizontal: the new dot and 4 dots to the right");
  assert.equal(describeChoice({ dir: "v", at: 4, from: [0, 0], to: [0, 4] }, 5), "Vertical: the new dot and 4 dots up");
  assert.equal(describeChoice({ dir: "dp", at: 2, from: [0, 4], to: [4, 0] }, 5), "Diagonal /: 2 down-left, 2 up-right of the new dot");
  assert.match(whyNotText({ reason: "overlap", by_move: 12, rule: "D", score: null, len: null, text: "" }), /touch the line of move 12 \(in D/);
  assert.match(whyNotText({ reason: "no_line", by_move: null, rule: null, score: null, len: 5, text: "" }), /4 dots in a straight row/);
  assert.equal(gameTitle("Your line from move 90 of 5T · 178 moves"), "Your line from move 90 of 5T · 178 moves");
  setLanguage("fr");
  assert.equal(variantName("5T"), "5T – lignes de cinq, contact permis");
  assert.equal(variantShort("6T"), "6T – contact");
  assert.equal(variantShort("5D"), "5D – disjoint");
  assert.match(gameTitle("Your line from move 90 of 5T · 178 moves"), /90.*5T · 178 moves/);
  assert.doesNotMatch(gameTitle("Your line from move 90 of 5T · 178 moves"), /Your line/);
  setLanguage("en");
});

test("a start by its size, its code in the title; My games says a game is from a drawn start or off a record", () => {
  setLanguage("en");
  assert.deepEqual(startName("cross", [0, 3, 1, 3]), { name: "the cross", title: "" });
  // an L of 4 dots, 2 wide and 3 high
  assert.deepEqual(startName("AbC-d", [0, 0, 0, 1, 0, 2, 1, 2]), {
    name: "4 dots, 2\u00a0×\u00a03", title: "A start drawn by hand: 4 dots in a box of 2\u00a0×\u00a03 grid points. Links carry its code, AbC-d.",
  });
  // a column: one wide, said without a count of one
  assert.equal(startName("C", [0, 0, 0, 1, 0, 2]).title, "A start drawn by hand: 3 dots in a box of 1\u00a0×\u00a03 grid points. Links carry its code, C.");
  assert.deepEqual(startName("Q", [0, 0]), { name: "1 dot", title: "A start drawn by hand: 1 dot. Links carry its code, Q." });
  const at = "2026-12-01T23:10:00.000Z";
  assert.match(describeMine({ id: "a", link: "#g", at, moves: 12, variant: "5T", start: 7 }), /^12 moves · 5T · from 7 dots · /);
  assert.match(describeMine({ id: "a", link: "#g", at, moves: 3, variant: "5D", start: 1, twoPlayer: true }), /^3 moves · 5D · from 1 dot · two players · /);
  assert.match(describeMine({ id: "a", link: "#g", at, moves: 12, variant: "5T" }), /^12 moves · 5T · Dec/, "the cross: nothing said");
  // a line branched off a record, or off another game; a title that says no branch says nothing
  const rosin = /** @type {any} */ ({ name: "5t-178-rosin", label: "5T · 178 moves · Christopher D. Rosin, 2011-08", score: 178 });
  const off = (from) => describeMine({ id: "a", link: "#g", at, moves: 121, variant: "5T", from }, [rosin]);
  assert.match(off(`Your line from move 120 of ${rosin.label}`), /^121 moves · 5T · off the 178-move record at move 120 · Dec/);
  assert.match(off("Your line from move 9 of My best game"), /^121 moves · 5T · off another game at move 9 · Dec/);
  assert.match(off("My best game"), /^121 moves · 5T · Dec/);
  setLanguage("fr");
  assert.equal(startName("AbC-d", [0, 0, 0, 1, 0, 2, 1, 2]).name, "4 points, 2\u00a0×\u00a03");
  assert.match(describeMine({ id: "a", link: "#g", at, moves: 12, variant: "5T", start: 7 }), /^12 coups · 5T · à partir de 7 points · /);
  assert.match(off(`Your line from move 120 of ${rosin.label}`), /^121 coups · 5T · issue du record de 178 coups au coup 120 · /);
  setLanguage("en");
});

test("a phone's records menu cuts given names to initials, and only them", () => {
  setLanguage("en");
  assert.equal(initials("Christopher D. Rosin"), "C. D. Rosin");
  assert.equal(initials("Heikki Hyyrö & Timo Poranen"), "H. Hyyrö & T. Poranen");
  assert.equal(initials("Charles-Henri Bruneau"), "C.-H. Bruneau");
  assert.equal(initials("Marc Gillioz (program)"), "M. Gillioz (program)");
  assert.equal(initials("Demaine, Demaine, Langerman, Langerman"), "Demaine, Demaine, Langerman, Langerman");
  assert.equal(initials("Rosin (variant)"), "Rosin (variant)");
  // brackets stay whole, commas and "&" in them too; a particle and what follows it stay;
  // a decomposed accent is kept on its initial
  assert.equal(initials("Marc Gillioz (program, 2023)"), "M. Gillioz (program, 2023)");
  assert.equal(initials("Rosin (program & variant)"), "Rosin (program & variant)");
  assert.equal(initials("Jean de La Fontaine"), "J. de La Fontaine");
  assert.equal(initials("E\u0301mile Zola"), "\u00c9. Zola");
  assert.equal(initials("smj"), "smj");
  const rosin = { name: "5t-178-rosin", variant: "5T", score: 178, author: "Christopher D. Rosin", date: "2011-08", letter: null, label: "", note: "" };
  assert.equal(recordOption(rosin), "178 moves · Christopher D. Rosin, 2011-08");
  assert.equal(recordOption(rosin, true), "178 moves · C. D. Rosin, 2011-08");
  // the letter that tells two games apart before the date, which a cut takes first; a date
  // known by then as "≤"; more than two authors as the first "et al."
  assert.equal(recordOption({ ...rosin, score: 177, date: "2011-05", letter: "B" }, true), "177 moves · C. D. Rosin (B), 2011-05");
  assert.equal(recordOption({ ...rosin, author: "Dimitri Tishchenko", date: "<=2014" }, true), "178 moves · D. Tishchenko, ≤2014");
  assert.equal(recordOption({ ...rosin, author: "Demaine, Demaine, Langerman, Langerman" }, true), "178 moves · Demaine et al., 2011-08");
  assert.equal(recordOption({ ...rosin, author: null, date: null }, true), "178 moves · author unknown");
});

test("the records in the language: their lines, their notes, and the titles that name them", () => {
  // as the engine's records() gives them (crate/src/wasm/mod.rs)
  const rosin = { name: "5t-178-rosin", variant: "5T", score: 178, author: "Christopher D. Rosin", date: "2011-08", letter: null,
    label: "5T · 178 moves · Christopher D. Rosin, 2011-08", note: "The 5T world record, found by Rosin's computer search (NRPA) in August 2011." };
  const worst = { name: "5t-20-worst", variant: "5T", score: 20, author: null, date: null, letter: null, label: "5T · 20 moves · author unknown",
    note: "The shortest possible 5T game: after these 20 moves no line can be drawn." };
  const gillioz = { name: "5d-80-gillioz-nmcs", variant: "5D", score: 80, author: "Marc Gillioz (program)", date: "2023-10", letter: null,
    label: "5D · 80 moves · Marc Gillioz (program), 2023-10", note: "An 80-move 5D game found by Marc Gillioz's nested Monte-Carlo search (2023), not Cazenave's 80 of 2008." };
  // one of two games of the same length, author and month: its letter tells them apart
  const rosinB = { name: "5t-177-rosin-b", variant: "5T", score: 177, author: "Christopher D. Rosin", date: "2011-05", letter: "B",
    label: "5T · 177 moves · Christopher D. Rosin, 2011-05 (B)", note: "One of Rosin's two 177-move games of May 2011, three months before his 178." };
  // a date the collection gives as "known by then"
  const tishchenko = { name: "5t-172-tishchenko", variant: "5T", score: 172, author: "Dimitri Tishchenko", date: "<=2014", letter: null,
    label: "5T · 172 moves · Dimitri Tishchenko, 2014 or before", note: "" };
  const records = [rosin, worst, gillioz, rosinB, tishchenko];
  // every language but English has the records' words (English is the engine's own)
  for (const code of Object.keys(catalogues)) if (code !== "en") assert.ok(recordCatalogues[code], code);
  setLanguage("en");
  // in English, the page's line is the command line's (the engine's label)
  for (const r of records) assert.equal(recordLabel(r), r.label);
  assert.equal(recordNote(rosin.name, rosin.note), rosin.note);
  assert.equal(gameTitle(rosin.label, records), rosin.label);
  assert.equal(titleWho(rosin.label, records), "Christopher D. Rosin, 2011-08");
  assert.equal(titleWho("Game of 2024", records), "Game of 2024");
  setLanguage("fr");
  assert.equal(recordLabel(rosin), "5T · 178 coups · Christopher D. Rosin, 2011-08");
  assert.equal(recordLabel(worst), "5T · 20 coups · auteur inconnu");
  assert.equal(recordLabel(gillioz), "5D · 80 coups · Marc Gillioz (programme), 2023-10");
  assert.match(recordNote(rosin.name, rosin.note), /^Le record du monde en 5T/);
  assert.equal(recordLabel(rosinB), "5T · 177 coups · Christopher D. Rosin, 2011-05 (B)");
  assert.equal(recordLabel(tishchenko), "5T · 172 coups · Dimitri Tishchenko, 2014 ou avant");
  // a phone's menu: given names as initials, in the language's words
  assert.equal(recordOption(gillioz, true), "80 coups · M. Gillioz (programme), 2023-10");
  assert.equal(recordOption(worst, true), "20 coups · auteur inconnu");
  // a note the language lacks stays the engine's English; no note stays none
  assert.equal(recordNote("5t-999-nobody", "a note"), "a note");
  assert.equal(recordNote(worst.name, ""), "");
  assert.equal(gameTitle(rosin.label, records), "5T · 178 coups · Christopher D. Rosin, 2011-08");
  assert.equal(gameTitle(`Your line from move 90 of ${rosin.label}`, records),
    "Votre suite à partir du coup 90 de 5T · 178 coups · Christopher D. Rosin, 2011-08");
  assert.equal(titleWho(worst.label, records), "auteur inconnu");
  // a title that is no record's is left as the game says it
  assert.equal(gameTitle("5T · 178 moves · someone else", records), "5T · 178 moves · someone else");
  setLanguage("en");
});

test("the engine's errors in the page's language: codes and values, nested, plurals, English from the engine", () => {
  // what crate/src/explain gives for "damaged link: the moves stop at move 4 of 9" and for
  // an illegal move in a Pentasol file (the Rust unit test checks every code is in fr)
  const cut = { code: "link.cut-short", args: { move: 4, of: 9 } };
  const illegal = {
    code: "load.illegal-at-line",
    args: {
      format: { code: "format.pentasol", args: {} },
      line: 3,
      move: 2,
      text: "(25,27) | +2",
      variant: "5D",
      why: { code: "move.dot-exists", args: { point: "(25,27)" } },
    },
  };
  try {
    setLanguage("fr");
    assert.equal(explain(cut), "lien abîmé\u00a0: les coups s'arrêtent au coup 4 sur 9 (le lien a-t-il été coupé\u00a0?)");
    assert.equal(
      explain(illegal),
      "Pentasol, ligne 3\u00a0: le coup 2, (25,27) | +2, est illégal en 5D\u00a0: le nouveau point (25,27) est déjà sur le plateau",
    );
    assert.equal(explain({ code: "lp.too-small", args: { n: 1, start: 36 } }), "le plateau a 1 point, moins que les 36 points du départ");
    assert.equal(explain({ code: "lp.too-big", args: { max: 12000 } }), "le plateau a plus de 12\u202f000 points, trop pour le résoudre ici");
    // a code (or a nested one) this catalogue lacks: the engine's English instead
    assert.equal(explain({ code: "no.such-code", args: {} }), null);
    assert.equal(explain({ code: "link.damaged", args: { why: { code: "no.such-code", args: {} } } }), null);
    // errors as they reach the page: thrown by wasm, or posted by a worker
    const thrown = Object.assign(new Error("damaged link: the moves stop at move 4 of 9"), cut);
    assert.match(errorText(thrown), /^lien abîmé/);
    const posted = errorInfo(thrown);
    assert.deepEqual(posted, { message: thrown.message, ...cut });
    assert.equal(errorText(structuredClone(posted)), errorText(thrown));
    assert.equal(errorText(new Error("plain")), "plain");
    assert.equal(errorText({ message: "from a worker" }), "from a worker");
    setLanguage("en");
    assert.equal(explain(cut), null);
    assert.equal(errorText(thrown), "damaged link: the moves stop at move 4 of 9");
    assert.equal(errorText(posted), "damaged link: the moves stop at move 4 of 9");
  } finally {
    setLanguage("en");
  }
  // an engine that could not start: the worker (which speaks English) posts the part and
  // the reason, and the page says both in its language, the engine's error inside too
  setLanguage("en");
  const plain = structuredClone({ type: "error", ...startFailure("search", new Error("CompileError: no wasm")) });
  assert.equal(plain.message, "the search engine could not start: CompileError: no wasm");
  const coded = structuredClone({ type: "error", id: 3, ...startFailure("bounds", Object.assign(new Error("damaged link: the moves stop at move 4 of 9"), cut)) });
  try {
    assert.equal(errorText(errorFrom(plain, "failed")), "the search engine could not start: CompileError: no wasm");
    assert.equal(errorText(errorFrom(coded, "failed")), "the engine could not start: damaged link: the moves stop at move 4 of 9");
    setLanguage("fr");
    assert.equal(errorText(errorFrom(plain, "failed")), "le moteur de recherche n'a pas pu démarrer\u00a0: CompileError: no wasm");
    assert.equal(errorText(plain), "le moteur de recherche n'a pas pu démarrer\u00a0: CompileError: no wasm");
    assert.match(errorText(errorFrom(coded, "failed")), /^le moteur n'a pas pu démarrer\u00a0: lien abîmé\u00a0: les coups s'arrêtent/);
    // passed on again (a client re-posting it) it stays what it was
    assert.equal(errorText(structuredClone(errorInfo(errorFrom(coded, "failed")))), errorText(errorFrom(coded, "failed")));
    // a part the page does not know is a plain error
    assert.equal(errorText({ message: "odd", start: "nothing" }), "odd");
  } finally {
    setLanguage("en");
  }
  // every language but English has the engine's words (English is the engine's own), and
  // an entry's two plural forms name the same values (the Rust test checks the values)
  for (const code of Object.keys(catalogues)) if (code !== "en") assert.ok(engineCatalogues[code], code);
  for (const [code, words] of Object.entries(engineCatalogues)) {
    for (const [key, entry] of Object.entries(words)) {
      if (typeof entry === "string") continue;
      const [one, other] = placeholders(entry).split("|");
      assert.equal(one, other, `${code} engine ${key}: both forms name the same values`);
    }
  }
});

test("an LP that does not beat the bar's bound says so, with the bar's bound and argument; one that does, or has nothing to compare, adds nothing", () => {
  setLanguage("en");
  /** @param {number | null} upperBound @param {string} kind */
  const bar = (upperBound, kind) => /** @type {any} */ ({ upperBound, kind });
  assert.equal(notLower(586, bar(485, "published")), " That is not below the bound shown, 485 (by a published proof), which stays.");
  assert.equal(notLower(485, bar(485, "published")), " That is not below the bound shown, 485 (by a published proof), which stays.", "equal is not below");
  assert.equal(notLower(178, bar(485, "published")), "");
  assert.equal(notLower(600, bar(null, "hull")), "", "no bar bound to compare with");
  assert.equal(notLower(600, null), "", "the bar is of another position");
  assert.equal(notLower(null, bar(485, "published")), "", "an LP without a bound");
  setLanguage("fr");
  assert.match(notLower(705, bar(705, "hull")), /705 \(par l'enveloppe\)/);
  setLanguage("en");
});

test("the page says an export the format cannot hold in its menus' names, in English too", () => {
  const error = { code: "write.custom-start", args: { format: { code: "format.flammenkamp", args: {} } } };
  setLanguage("en");
  assert.match(explain(error), /^Flammenkamp's notation always starts from the cross; .*\(export it as a link, as CSV or as MSR JSON,/);
  setLanguage("fr");
  assert.match(explain(error), /^impossible en notation de Flammenkamp : ce format part toujours de la croix/);
  setLanguage("en");
  // a code English has no words of its own for is the engine's message
  assert.equal(explain({ code: "link.no-game", args: {} }), null);
});
