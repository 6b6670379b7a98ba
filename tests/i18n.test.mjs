// The page's languages as data: every language has every key with the same placeholders,
// every key the page uses exists, plurals and numbers follow the language, and the
// engine's answers (variants, lines offered, why not) are worded from data.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { catalogues, chooseLanguage, num, setLanguage, t } from "../www/js/i18n.js";
import { describeChoice, gameTitle, variantName, whyNotText } from "../www/js/words.js";
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
    "why.overlap-": ["T", "D", "T-start", "D-start"], "bounds.kind-": ["game_over", "hull", "potential", "lp"],
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
  assert.match(t("bounds.at-most", { n: 705, why: t("bounds.kind-hull") }), /^au plus 705 coups/);
  setLanguage("xx");
  assert.equal(t("tabs.play"), "Play", "an unknown language is English");
  setLanguage("en");
});

test("the engine's data in words: variants, the lines offered, why not, a branch's title", () => {
  setLanguage("en");
  assert.equal(variantName("5T"), "5T – lines of five, touching allowed");
  assert.equal(variantName("3D"), "3D – lines of three, no touching");
  assert.equal(describeChoice({ dir: "h", at: 0, from: [0, 0], to: [4, 0] }, 5), "Horizontal: the new dot and 4 dots to the right");
  assert.equal(describeChoice({ dir: "v", at: 4, from: [0, 0], to: [0, 4] }, 5), "Vertical: the new dot and 4 dots up");
  assert.equal(describeChoice({ dir: "dp", at: 2, from: [0, 4], to: [4, 0] }, 5), "Diagonal /: 2 down-left, 2 up-right of the new dot");
  assert.match(whyNotText({ reason: "overlap", by_move: 12, rule: "D", score: null, len: null, text: "" }), /touch the line of move 12 \(in D/);
  assert.match(whyNotText({ reason: "no_line", by_move: null, rule: null, score: null, len: 5, text: "" }), /4 dots in a straight row/);
  assert.equal(gameTitle("Your line from move 90 of 5T · 178 moves"), "Your line from move 90 of 5T · 178 moves");
  setLanguage("fr");
  assert.equal(variantName("5T"), "5T – lignes de cinq, contact permis");
  assert.match(gameTitle("Your line from move 90 of 5T · 178 moves"), /90.*5T · 178 moves/);
  assert.doesNotMatch(gameTitle("Your line from move 90 of 5T · 178 moves"), /Your line/);
  setLanguage("en");
});
