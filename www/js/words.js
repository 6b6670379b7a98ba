// @ts-check
// The engine's answers in the page's words: a variant's name, a line offered in the
// chooser (by its direction and where the new dot sits on it: the board shows no
// coordinates), and why a point cannot be played. The engine returns data; this says it
// in the chosen language.

import { recordAuthor, t } from "./i18n.js";

/** @typedef {import("../../pkg/morpion.js").Choice} Choice */
/** @typedef {import("../../pkg/morpion.js").WhyNot} WhyNot */
/** @typedef {import("../../pkg/morpion.js").RecordInfo} RecordInfo */

/** A variant's code: its line length, and T or D. */
const VARIANT = /^(\d)([TD])$/;

/** "5T" -> "5T – lines of five, touching allowed". @param {string} code */
export function variantName(code) {
  const m = VARIANT.exec(code);
  if (!m) return code;
  return t("variant.name", { code, length: t(`variant.len-${m[1]}`), rule: t(`variant.rule-${m[2]}`) });
}

/** "5T" -> "5T – touching", "5D" -> "5D – disjoint": the name where there is little room (the code says the length). @param {string} code */
export function variantShort(code) {
  const m = VARIANT.exec(code);
  if (!m) return code;
  return t("variant.short", { code, rule: t(`variant.rule-short-${m[2]}`) });
}

/**
 * A start's name and what its title adds: "the cross", or a drawn start by its size, "7 dots,
 * 3 × 4" (its code, which means nothing to the eye, is in the title, for those who read
 * links).
 * @param {string} spec the engine's `start_spec`: `cross` or the start's code
 * @param {number[]} dots the start's dots, `[x, y, ...]`, the smallest x and y 0
 */
export function startName(spec, dots) {
  if (spec === "cross") return { name: t("start.cross"), title: "" };
  const n = dots.length / 2;
  let [w, h] = [0, 0];
  for (let i = 0; i < dots.length; i += 2) [w, h] = [Math.max(w, dots[i] + 1), Math.max(h, dots[i + 1] + 1)];
  return { name: t("start.custom", { n, w, h }), title: t("start.custom-title", { n, w, h, code: spec }) };
}

/** The direction names of a line, and of its two sides (before and after the dot). */
const SIDES = {
  h: ["left", "right"],
  v: ["up", "down"],
  dn: ["up-left", "down-right"],
  dp: ["down-left", "up-right"],
};

/**
 * A line offered in the chooser: "Horizontal: the new dot and 4 dots to its right", or
 * "Diagonal /: 2 dots down-left, 2 up-right".
 * @param {Choice} c @param {number} length the variant's line length
 */
export function describeChoice(c, length) {
  const [before, after] = SIDES[c.dir] ?? ["", ""];
  const n1 = c.at;
  const n2 = length - 1 - c.at;
  const dir = t(`dir.${c.dir}`);
  if (n1 === 0) return t("choice.one-side", { dir, n: n2, side: t(`side.${after}`) });
  if (n2 === 0) return t("choice.one-side", { dir, n: n1, side: t(`side.${before}`) });
  return t("choice.two-sides", { dir, n1, side1: t(`side.${before}`), n2, side2: t(`side.${after}`) });
}

/** Why nothing can be played at a point. @param {WhyNot} why */
export function whyNotText(why) {
  switch (why.reason) {
    case "game_over":
      return t("why.game-over", { n: why.score ?? 0 });
    case "has_dot":
      return t("why.has-dot");
    case "overlap": {
      const rule = why.rule === "D" ? "D" : "T";
      return why.by_move ? t(`why.overlap-${rule}`, { move: why.by_move }) : t(`why.overlap-${rule}-start`);
    }
    case "no_line":
      return t("why.no-line", { n: (why.len ?? 5) - 1 });
    default:
      return why.text;
  }
}

/**
 * Who played or found a record game, and when: "Christopher D. Rosin, 2011-08", and the
 * game's letter where its source names several ("…, 2011-05 (A)"), as the engine's label.
 * `short`, for a narrow menu: given names as initials, more than two authors as the first
 * "et al.", the letter before the date (which a cut takes first) and "≤2014" for "2014 or
 * before": "C. D. Rosin (A), 2011-05".
 * @param {RecordInfo} r @param {boolean} [short]
 */
export function recordWho(r, short = false) {
  // "<=2014": the collection's way to say the game was known by then
  const before = r.date?.startsWith("<=") ? r.date.slice(2) : null;
  const when = before ? t(short ? "records.date-before-short" : "records.date-before", { year: before }) : r.date;
  const author = r.author ? recordAuthor(r.name, r.author) : null;
  if (!short) {
    const who = [author ?? t("records.unknown"), when].filter(Boolean).join(", ");
    return r.letter ? `${who} (${r.letter})` : who;
  }
  const names = author?.split(", ") ?? [];
  const authors = author === null ? t("records.unknown") : names.length > 2 ? `${initials(names[0])} et al.` : initials(author);
  return [r.letter ? `${authors} (${r.letter})` : authors, when].filter(Boolean).join(", ");
}

/**
 * Names with their given names cut to initials, for a narrow menu: "Christopher D. Rosin"
 * -> "C. D. Rosin", "Heikki Hyyrö & Timo Poranen" -> "H. Hyyrö & T. Poranen",
 * "Charles-Henri Bruneau" -> "C.-H. Bruneau". A name of one word, a family name's particle
 * and what follows it ("Jean de La Fontaine" -> "J. de La Fontaine"), and what is in
 * brackets ("Marc Gillioz (program, 2023)" -> "M. Gillioz (program, 2023)") stay whole.
 * @param {string} names
 */
export function initials(names) {
  const [, people, note] = /^(.*?)((?: \(.*\))?)$/su.exec(names.normalize("NFC")) ?? ["", names, ""];
  return people.split(/( & |, )/).map((person, i) => {
    if (i % 2 === 1) return person; // a separator
    const words = person.split(" ");
    // the given names: up to the family name, or to a particle ("de", "van") before it
    const particle = words.findIndex((w, k) => k > 0 && /^\p{Ll}/u.test(w));
    const given = particle > 0 ? particle : words.length - 1;
    return words.map((w, k) => (k < given ? w.split("-").map((p) => (/^\p{L}/u.test(p) ? `${[...p][0]}.` : p)).join("-") : w)).join(" ");
  }).join("") + note;
}

/** A record game's title: "5T · 178 moves · Christopher D. Rosin, 2011-08" (the menu's line is `recordOption`). @param {RecordInfo} r */
export function recordLabel(r) {
  return t("records.item", { variant: r.variant, n: r.score, who: recordWho(r) });
}

/**
 * A record in the records menu, under its variant's heading: its label less the variant
 * ("178 moves · Christopher D. Rosin, 2011-08"), which a side panel shows whole for 5T and
 * 5D (with the variant, the month was cut off) and the header's menu says once it is open.
 * `short`: with initials for given names, as a phone's menu needs ("178 moves · C. D.
 * Rosin, 2011-08": whole names cut the date off there).
 * @param {RecordInfo} r @param {boolean} [short]
 */
export function recordOption(r, short = false) {
  return t("records.option", { n: r.score, who: recordWho(r, short) });
}

/**
 * A game's title as the engine writes it, with its own words in the language: "Your line
 * from move 90 of …", and a record's label (the engine's English `label`, which the title
 * of a record game is).
 * @param {string} title @param {readonly RecordInfo[]} [records]
 */
export function gameTitle(title, records = []) {
  const label = (/** @type {string} */ text) => {
    const r = titled(text, records);
    return r ? recordLabel(r) : text;
  };
  const b = branchOf(title);
  return b ? t("title.branch", { at: b.at, of: label(b.of) }) : label(title);
}

/**
 * The game a title says a line branched off, and at which move: the engine's English
 * "Your line from move 40 of 5T · 178 moves · …" (`of` is that game's own title, a
 * record's label for a record). Null for any other title.
 * @param {string} title @returns {{ at: number, of: string } | null}
 */
export function branchOf(title) {
  const m = /^Your line from move (\d+) of (.*)$/.exec(title);
  return m ? { at: Number(m[1]), of: m[2] } : null;
}

/**
 * Where a line branched off, for a list of games: "off the 178-move record at move 40";
 * "" for a title that says no branch.
 * @param {string} title @param {readonly RecordInfo[]} records
 */
export function branchWords(title, records) {
  const b = branchOf(title);
  if (!b) return "";
  const r = titled(b.of, records);
  return r ? t("mine.from-record", { at: b.at, n: r.score }) : t("mine.from-game", { at: b.at });
}

/**
 * Who played the game and when, for an image's caption (which says the variant and the
 * length itself): a record's author and date, else the game's title in the language.
 * @param {string} title @param {readonly RecordInfo[]} records
 */
export function titleWho(title, records) {
  const r = titled(title, records);
  return r ? recordWho(r) : gameTitle(title, records);
}

/** The record whose game's title `text` is (its English label), if any. @param {string} text @param {readonly RecordInfo[]} records */
function titled(text, records) {
  return records.find((r) => r.label === text);
}
