// Unit tests of the user's own games as local storage keeps them (www/js/saved.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { forgetMine, KEEP_MINE, lineOf, loadMine, mineById, mineOf, recall, remember, withMine } from "../www/js/saved.js";
import { OwnGame } from "../www/js/own-game.js";
import { memoryStorage } from "./memory-storage.mjs";

const at = (minute) => `2026-12-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
const mine = (id, line, minute, m = "") => ({ id, link: `https://x.test/#g=1.5T.${line}${m}`, at: at(minute), moves: 3, variant: "5T" });

test("a game's line is its fragment without the move shown", () => {
  assert.equal(lineOf("https://a.test/?lang=fr#g=1.5T.3.abc&m=1"), "g=1.5T.3.abc");
  assert.equal(lineOf("http://b.test/#g=1.5T.3.abc"), "g=1.5T.3.abc");
});

test("the list holds each game once, the last on the board first, at most KEEP_MINE", () => {
  let list = [];
  list = withMine(list, mine("a", "A", 1));
  list = withMine(list, mine("b", "B", 2));
  assert.deepEqual(list.map((e) => e.id), ["b", "a"]);
  // a move in a: its entry changes and comes first
  list = withMine(list, mine("a", "A2", 3));
  assert.deepEqual(list.map((e) => `${e.id}${lineOf(e.link)}`), ["ag=1.5T.A2", "bg=1.5T.B"]);
  // another id on b's line (the same game opened again) takes b's place
  list = withMine(list, mine("c", "B", 4, "&m=1"));
  assert.deepEqual(list.map((e) => e.id), ["c", "a"]);
  // a game brought back with its old time goes back in its place
  list = withMine(list, mine("old", "O", 0));
  assert.deepEqual(list.map((e) => e.id), ["c", "a", "old"]);
  for (let i = 0; i < KEEP_MINE + 5; i++) list = withMine(list, mine(`n${i}`, `N${i}`, 10 + i));
  assert.equal(list.length, KEEP_MINE);
  assert.equal(list[0].id, `n${KEEP_MINE + 4}`, "the oldest go");
});

test("the games survive in storage; the older version's one game comes into the list; damage reads as none", () => {
  const s = memoryStorage();
  assert.equal(recall(s), null);
  remember(mine("a", "A", 1), s);
  remember(mine("b", "B", 2), s);
  assert.equal(recall(s)?.id, "b", "a visit without a link opens the last on the board");
  assert.equal(mineOf("https://elsewhere.test/#g=1.5T.A&m=2", s)?.id, "a", "whatever the page address and the move shown");
  assert.equal(mineOf("https://x.test/#g=1.5T.Z", s), null);
  assert.deepEqual(forgetMine("b", s).map((e) => e.id), ["a"]);
  assert.equal(recall(s)?.id, "a");
  // the one game an older version kept
  const old = memoryStorage({ "morpion.last-game.v1": JSON.stringify({ link: "https://x.test/#g=1.5T.K" }) });
  assert.deepEqual(loadMine(old), [{ id: "kept", link: "https://x.test/#g=1.5T.K", at: "" }]);
  remember(mine("a", "A", 1), old);
  assert.deepEqual(loadMine(old).map((e) => e.id), ["a", "kept"], "it stays, as the oldest");
  // damaged storage
  assert.deepEqual(loadMine(memoryStorage({ "morpion.my-games.v1": "{not json" })), []);
  const mixed = JSON.stringify([{ id: "ok", link: "#g=1", at: at(1) }, { id: 3 }, null, { id: "x", link: "#g=2" }]);
  assert.deepEqual(loadMine(memoryStorage({ "morpion.my-games.v1": mixed })).map((e) => e.id), ["ok"]);
  // a storage that refuses (private browsing, quota): nothing kept, nothing thrown
  const full = { getItem: () => null, setItem: () => { throw new Error("quota"); } };
  remember(mine("a", "A", 1), /** @type {any} */ (full));
});

test("a game's id stays while the user plays on in it, and changes where a second game begins", () => {
  const s = memoryStorage();
  const facts = { moves: 1, variant: "5T", twoPlayer: false };
  const link = (line, m = "") => `https://x.test/#g=1.5T.${line}${m}`;
  const tab = new OwnGame(s);
  // a record looked at is not the user's; a move in it makes it theirs
  tab.opened(link("R"), false);
  assert.equal(tab.id(), null);
  tab.claim();
  tab.keep(link("R1"), facts);
  const first = tab.id();
  assert.ok(first);
  // moves, undo and redo: the same game
  tab.claim();
  tab.keep(link("R12"), facts);
  tab.keep(link("R12", "&m=1"), facts);
  assert.equal(tab.id(), first);
  // a move taken back and played otherwise: the same game; a branch two moves back: another
  tab.branched(1);
  tab.keep(link("R13"), facts);
  assert.equal(tab.id(), first);
  tab.branched(2);
  tab.keep(link("R2"), facts);
  const second = tab.id();
  assert.notEqual(second, first);
  assert.deepEqual(loadMine(s).map((e) => e.id), [second, first]);
  // opened again (a reload, the list): the same id, whatever the move shown
  const again = new OwnGame(s);
  again.opened(link("R13", "&m=0"), false);
  assert.equal(again.id(), first);
  // two tabs on one game: the second to play on after the other keeps its own line apart
  const other = new OwnGame(s);
  other.opened(link("R13"), false);
  other.claim();
  other.keep(link("R134"), facts);
  assert.equal(other.id(), first, "the first to play on goes on under the id");
  again.claim();
  again.keep(link("R135"), facts);
  assert.notEqual(again.id(), first, "the other takes an id of its own");
  assert.deepEqual(loadMine(s).map((e) => lineOf(e.link)).sort(), ["g=1.5T.R134", "g=1.5T.R135", "g=1.5T.R2"]);
  // where a line branched off is kept with it, and given back when it is opened again (its
  // link does not carry it); a game opened otherwise says nothing of it
  const off = "Your line from move 3 of 5T · 178 moves · Christopher D. Rosin, 2011-08";
  const branch = new OwnGame(s);
  branch.opened(link("B"), false);
  branch.claim();
  branch.keep(link("B1"), { ...facts, from: off });
  assert.equal(mineById(/** @type {string} */ (branch.id()), s)?.from, off);
  const reopened = new OwnGame(s);
  reopened.opened(link("B1", "&m=0"), false);
  assert.equal(reopened.from(), off);
  const fresh = new OwnGame(s);
  fresh.opened(link("F"), false);
  assert.equal(fresh.from(), undefined);
  remember({ id: "odd", link: link("O"), at: "", from: /** @type {any} */ (3) }, s);
  fresh.opened(link("O"), false);
  assert.equal(fresh.from(), undefined, "a damaged entry's");
  // an import is the user's at once, under a new id
  const imported = new OwnGame(s);
  imported.opened(link("I"), true);
  assert.equal(imported.own(), true);
  imported.keep(link("I"), facts);
  assert.ok(![first, second].includes(imported.id()));
});
