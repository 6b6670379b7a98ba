// Unit tests of the game carried in exported images (www/js/image-meta.js). The PNGs are
// checked by a reader of the tests' own (every CRC recomputed bit by bit and by node's
// zlib.crc32, the image data inflated by zlib), the SVGs by an XML well-formedness check
// and, when python3 is installed, by its XML parser (expat).
import { test } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { spawnSync } from "node:child_process";
import { setLanguage } from "../www/js/i18n.js";
import {
  CAPTION_KEY,
  crc32,
  gameEntries,
  gameLinkIn,
  isPng,
  LINK_KEY,
  pngText,
  pngWithText,
  SOFTWARE,
  SOFTWARE_KEY,
  SVG_NAMESPACE,
  svgMetadata,
  svgWithMetadata,
  TITLE_KEY,
} from "../www/js/image-meta.js";

const LINK = "https://example.org/app/#g=1.5D.82.AbCdEf-_0123456789&m=82";
const CAPTION = "Morpion Solitaire 5D, 82 moves";

// ---------------------------------------------------------------------------------------
// A PNG writer and reader of the tests' own, sharing no code with the module.

/** CRC-32 bit by bit, without a table: a second computation, independent of the module's. */
function crcBitwise(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return (c ^ 0xffffffff) >>> 0;
}

function u32be(n) {
  return Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
}

/** A chunk with its length and CRC. @param {string} type @param {Uint8Array} data */
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crcBitwise(body))]);
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** 2x2 RGBA: red, green / blue, half-transparent white. */
const PIXELS = [[255, 0, 0, 255, 0, 255, 0, 255], [0, 0, 255, 255, 255, 255, 255, 128]];
/** The scanlines as stored: each row after its filter byte (0, none). */
const RAW = Buffer.from(PIXELS.flatMap((row) => [0, ...row]));

/** A real 2x2 RGBA PNG; `extra` chunks go before IDAT; `splitIdat` spreads the data over two IDATs. */
function tinyPng({ extra = [], splitIdat = false } = {}) {
  const ihdr = Buffer.concat([u32be(2), u32be(2), Buffer.from([8, 6, 0, 0, 0])]);
  const z = zlib.deflateSync(RAW);
  const idat = splitIdat ? [chunk("IDAT", z.subarray(0, 5)), chunk("IDAT", z.subarray(5))] : [chunk("IDAT", z)];
  return new Uint8Array(Buffer.concat([SIGNATURE, chunk("IHDR", ihdr), ...extra, ...idat, chunk("IEND", Buffer.alloc(0))]));
}

/**
 * Reads a PNG strictly: signature, IHDR first, IEND last and nothing after, every CRC
 * checked twice; returns the chunks and the inflated image data.
 */
function decodePng(bytes) {
  const b = Buffer.from(bytes);
  assert.deepEqual(b.subarray(0, 8), SIGNATURE, "signature");
  const chunks = [];
  let at = 8;
  while (at < b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    const body = b.subarray(at + 4, at + 8 + length);
    const stored = b.readUInt32BE(at + 8 + length);
    assert.equal(crcBitwise(body), stored, `CRC of ${type} at ${at}, recomputed`);
    if (typeof zlib.crc32 === "function") assert.equal(zlib.crc32(body), stored, `CRC of ${type} at ${at}, zlib`);
    chunks.push({ type, at, data: b.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  assert.equal(at, b.length, "the chunks fill the file exactly");
  assert.equal(chunks[0].type, "IHDR");
  assert.equal(chunks.at(-1).type, "IEND");
  const pixels = zlib.inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
  return { chunks, pixels, types: chunks.map((c) => c.type) };
}

/** An iTXt chunk's fields, read by the spec (PNG 11.3.3.4). */
function readITXt(data) {
  const nul = data.indexOf(0);
  const keyword = data.toString("latin1", 0, nul);
  const [flag, method] = [data[nul + 1], data[nul + 2]];
  const langEnd = data.indexOf(0, nul + 3);
  const transEnd = data.indexOf(0, langEnd + 1);
  return {
    keyword,
    flag,
    method,
    language: data.toString("latin1", nul + 3, langEnd),
    translated: data.toString("utf8", langEnd + 1, transEnd),
    text: data.toString("utf8", transEnd + 1),
  };
}

/** A seeded PRNG (mulberry32), so that a failing fuzz case can be replayed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `f`; it may return, or throw an Error with a message for people, nothing else. */
function onlyErrors(f, what) {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof Error, `${what}: threw a non-Error ${String(e)}`);
    assert.ok(!(e instanceof TypeError || e instanceof RangeError), `${what}: threw ${e.stack}`);
    assert.ok(e.message.length > 10 && !/undefined|NaN/.test(e.message), `${what}: message ${e.message}`);
    return e;
  }
}

// ---------------------------------------------------------------------------------------
// PNG

test("the tests' PNG is itself valid, and the CRCs agree with zlib's and the tests' own", () => {
  const png = tinyPng();
  const { pixels, types } = decodePng(png);
  assert.deepEqual(types, ["IHDR", "IDAT", "IEND"]);
  assert.deepEqual(pixels, RAW);
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926, "the CRC-32 check value");
  const bytes = new Uint8Array(4096).map((_, i) => (i * 7919) & 255);
  assert.equal(crc32(bytes), crcBitwise(bytes));
  if (typeof zlib.crc32 === "function") assert.equal(crc32(bytes), zlib.crc32(bytes));
  assert.equal(isPng(png), true);
  assert.equal(isPng(png.subarray(1)), false);
  assert.deepEqual(pngText(png), {});
});

test("a game's entries go in iTXt chunks right after IHDR; the PNG stays valid, its pixels the same", () => {
  const png = tinyPng();
  const out = pngWithText(png, gameEntries(LINK, CAPTION));
  assert.ok(out instanceof Uint8Array && out !== png);
  const { chunks, pixels, types } = decodePng(out);
  assert.deepEqual(types, ["IHDR", "iTXt", "iTXt", "iTXt", "IDAT", "IEND"]);
  assert.deepEqual(pixels, RAW);
  assert.deepEqual(chunks[0].data, decodePng(png).chunks[0].data, "IHDR unchanged");
  const fields = chunks.filter((c) => c.type === "iTXt").map((c) => readITXt(c.data));
  for (const f of fields) {
    assert.deepEqual([f.flag, f.method, f.language, f.translated], [0, 0, "", ""], "uncompressed, no language");
  }
  assert.deepEqual(fields.map((f) => [f.keyword, f.text]), [[LINK_KEY, LINK], [CAPTION_KEY, CAPTION], [SOFTWARE_KEY, SOFTWARE]]);
  assert.deepEqual(pngText(out), { [LINK_KEY]: LINK, [CAPTION_KEY]: CAPTION, [SOFTWARE_KEY]: SOFTWARE });
  assert.equal(gameLinkIn(out), LINK);
  assert.equal(gameLinkIn(png), null, "a PNG without a game");
  assert.deepEqual(png, tinyPng(), "the input is not changed");
});

test("PNG text round trips: UTF-8 (accents, emoji), a Latin-1 keyword, a 10 KB link, empty text", () => {
  const longLink = `https://example.org/app/#g=${"AbC-_9".repeat(1700)}`;
  assert.ok(longLink.length > 10_000);
  const entries = {
    [LINK_KEY]: longLink,
    [CAPTION_KEY]: "Partie française : « 82 coups » — élève, garçon, œuvre 🎲🧩👍🏽",
    Légende: "clé, été\tTab\nnew line\r\nCRLF \u0000 NUL",
    Empty: "",
  };
  // "__proto__" is a keyword like any other (as a literal key, it would set the prototype).
  Object.defineProperty(entries, "__proto__", { value: "an entry like any other", enumerable: true });
  const out = pngWithText(tinyPng({ splitIdat: true }), entries);
  assert.deepEqual(decodePng(out).pixels, RAW);
  const read = pngText(out);
  assert.deepEqual(Object.keys(read), Object.keys(entries));
  for (const k of Object.keys(entries)) assert.equal(read[k], entries[k], k);
  assert.equal(Object.getPrototypeOf(read), Object.prototype);
  assert.equal(gameLinkIn(out), longLink);
});

test("writing again replaces entries of the same keyword (tEXt, zTXt or iTXt) and keeps every other chunk", () => {
  const latin = Buffer.from("Comment\0caf\xe9 cr\xe8me", "latin1");
  const oldDescription = Buffer.from("Description\0an old caption", "latin1");
  const ztxt = Buffer.concat([Buffer.from("Software\0\0", "latin1"), zlib.deflateSync("Old Program")]);
  const png = tinyPng({ extra: [chunk("tEXt", latin), chunk("tEXt", oldDescription), chunk("zTXt", ztxt), chunk("tIME", Buffer.from([7, 234, 11, 21, 10, 0, 0]))] });
  assert.deepEqual(pngText(png), { Comment: "café crème", Description: "an old caption" }, "tEXt is Latin-1; zTXt is skipped");
  const once = pngWithText(png, gameEntries(LINK, CAPTION));
  const twice = pngWithText(once, gameEntries(`${LINK}1`, "new caption"));
  const { types } = decodePng(twice);
  assert.deepEqual(types, ["IHDR", "iTXt", "iTXt", "iTXt", "tEXt", "tIME", "IDAT", "IEND"]);
  assert.deepEqual(pngText(twice), { [LINK_KEY]: `${LINK}1`, Description: "new caption", Software: SOFTWARE, Comment: "café crème" });
  // Nothing but the text changed: without its iTXt chunks, the file is the original without the replaced chunks.
  const other = pngWithText(png, {});
  assert.deepEqual(decodePng(other).types, ["IHDR", "tEXt", "tEXt", "zTXt", "tIME", "IDAT", "IEND"]);
  assert.deepEqual(other, png, "no entries: the same bytes");
});

test("compressed iTXt and zTXt chunks are skipped, not misread; of two chunks of a keyword the first is kept", () => {
  const compressed = Buffer.concat([Buffer.from("Secret\0\x01\x00en\0Geheim\0", "latin1"), zlib.deflateSync("hidden")]);
  const withLang = Buffer.concat([Buffer.from("Title\0\x00\x00fr\0Titre\0", "latin1"), Buffer.from("Partie n° 1", "utf8")]);
  const png = tinyPng({ extra: [chunk("iTXt", compressed), chunk("iTXt", withLang), chunk("tEXt", Buffer.from("Title\0second", "latin1"))] });
  assert.deepEqual(pngText(png), { Title: "Partie n° 1" });
});

test("malformed text chunks with a good CRC are skipped (another program's mistake)", () => {
  const png = tinyPng({
    extra: [
      chunk("tEXt", Buffer.from("no keyword end", "latin1")),
      chunk("tEXt", Buffer.from("\0empty keyword", "latin1")),
      chunk("iTXt", Buffer.from("Cut\0\x00", "latin1")),
      chunk("iTXt", Buffer.from("NoNul\0\x00\x00lang", "latin1")),
      chunk("tEXt", Buffer.alloc(0)),
      chunk("tEXt", Buffer.from("Fine\0yes", "latin1")),
    ],
  });
  assert.deepEqual(pngText(png), { Fine: "yes" });
});

test("keywords and texts that a PNG cannot hold are refused with a clear Error", () => {
  const png = tinyPng();
  for (const [keyword, why] of [
    ["", /1 to 79 characters/],
    ["k".repeat(80), /1 to 79 characters/],
    ["Ā-not-latin1", /printable Latin-1/],
    ["tab\there", /printable Latin-1/],
    ["nbsp\u00a0", /printable Latin-1/],
    [" lead", /no leading, trailing or double space/],
    ["trail ", /no leading, trailing or double space/],
    ["double  space", /no leading, trailing or double space/],
  ]) {
    assert.throws(() => pngWithText(png, { [keyword]: "x" }), (e) => e instanceof Error && why.test(e.message), JSON.stringify(keyword));
    assert.throws(() => svgWithMetadata("<svg/>", { [keyword]: "x" }), why);
  }
  assert.equal(pngText(pngWithText(png, { ["k".repeat(79)]: "x" }))["k".repeat(79)], "x", "79 characters are fine");
  assert.throws(() => pngWithText(png, { Note: 42 }), /is not a string/);
  assert.throws(() => pngWithText(png, { Note: "half \ud83c pair" }), /lone surrogate/);
});

test("damaged PNGs give Errors that say what is wrong", () => {
  const good = pngWithText(tinyPng(), gameEntries(LINK, CAPTION));
  const bad = (mutate) => {
    const b = new Uint8Array(good);
    mutate(b);
    return b;
  };
  assert.throws(() => pngText(bad((b) => (b[1] = 0x51))), /^Error: not a PNG image/);
  assert.throws(() => pngText(new TextEncoder().encode("<svg/>")), /not a PNG image/);
  assert.throws(() => pngText(/** @type {any} */ ("a string")), /not a PNG image/);
  assert.throws(() => pngText(/** @type {any} */ (null)), /not a PNG image/);
  assert.throws(() => pngWithText(new Uint8Array([1, 2, 3]), {}), /not a PNG image/);
  assert.throws(() => pngText(bad((b) => (b[12] = 0x78))), /first chunk is not a valid IHDR/);
  // The first iTXt starts at byte 33 (8 of signature, 25 of IHDR); a flipped byte in its text:
  const first = decodePng(good).chunks[1];
  assert.equal(first.at, 33);
  assert.throws(() => pngText(bad((b) => (b[33 + 8 + 20] ^= 1))), /^Error: the PNG image is damaged: its iTXt chunk at byte 33 fails its CRC check$/);
  assert.throws(() => gameLinkIn(bad((b) => (b[33 + 8 + 20] ^= 1))), /CRC/);
  assert.throws(() => pngText(bad((b) => (b[33 + 12 + first.data.length - 1] ^= 0x80))), /iTXt chunk at byte 33 fails its CRC/, "in the CRC itself");
  // A damaged length runs past the end; a damaged type is no type.
  assert.throws(() => pngText(bad((b) => (b[33] = 0x7f))), /cut short: its iTXt chunk at byte 33 says [\d,]+ bytes/);
  assert.throws(() => pngText(bad((b) => (b[33 + 5] = 0x20))), /chunk at byte 33 has no valid type/);
  // Every truncation: the file has no IEND then.
  for (let n = 0; n < good.length; n++) {
    assert.throws(() => pngText(good.subarray(0, n)), (e) => e instanceof Error && /not a PNG image|cut short|damaged/.test(e.message), `cut at ${n}`);
  }
  // The image data's CRC is not ours to check: only the text chunks read are.
  const idat = decodePng(good).chunks.find((c) => c.type === "IDAT");
  assert.equal(gameLinkIn(bad((b) => (b[idat.at + 9] ^= 1))), LINK);
});

test("a PNG reader's errors are in the page's language; a writer's stay English", () => {
  const good = pngWithText(tinyPng(), gameEntries(LINK, CAPTION));
  const bad = new Uint8Array(good);
  bad[33 + 8 + 20] ^= 1;
  setLanguage("fr");
  try {
    assert.throws(() => gameLinkIn(bad), /^Error: l'image PNG est abîmée : son bloc iTXt à l'octet 33 échoue au contrôle CRC$/);
    assert.throws(() => pngText(good.subarray(0, 40)), /^Error: l'image PNG est tronquée à l'octet 33 \(elle se termine sans bloc IEND\)$/);
    assert.throws(() => pngText(new TextEncoder().encode("<svg/>")), /^Error: ce n'est pas une image PNG/);
    assert.throws(() => pngWithText(good, { Note: 42 }), /is not a string/);
  } finally {
    setLanguage("en");
  }
});

test("fuzz: random and damaged bytes give entries or an Error, never anything else, and never hang", { timeout: 60_000 }, () => {
  const next = random(20261121);
  const int = (n) => Math.floor(next() * n);
  const bytes = (n) => new Uint8Array(n).map(() => int(256));
  const good = pngWithText(tinyPng(), { ...gameEntries(LINK, CAPTION), Extra: "é🎲" });
  const head = good.subarray(0, 33);
  const started = Date.now();
  let read = 0;
  for (let i = 0; i < 4000; i++) {
    let input;
    switch (i % 5) {
      case 0: input = bytes(int(300)); break; // noise
      case 1: input = Uint8Array.from([...head, ...bytes(int(300))]); break; // noise after a good IHDR
      case 2: { // a few flipped bytes
        input = new Uint8Array(good);
        for (let k = 1 + int(4); k > 0; k--) input[int(input.length)] = int(256);
        break;
      }
      case 3: input = good.subarray(0, int(good.length + 1)); break; // cut anywhere
      default: { // random bytes spliced in or cut out
        const at = int(good.length);
        input = Uint8Array.from([...good.subarray(0, at), ...bytes(int(20)), ...good.subarray(at + int(20))]);
      }
    }
    const result = onlyErrors(() => pngText(input), `case ${i}`);
    if (!(result instanceof Error)) {
      read++;
      for (const v of Object.values(result)) assert.equal(typeof v, "string");
    }
    const link = onlyErrors(() => gameLinkIn(input), `link, case ${i}`);
    assert.ok(link === null || typeof link === "string" || link instanceof Error);
    onlyErrors(() => pngWithText(input, { Note: "x" }), `write, case ${i}`);
  }
  assert.ok(read >= 20 && read < 4000, `both paths are taken: ${read} of 4000 inputs read`);
  assert.ok(Date.now() - started < 30_000, "the fuzz ran in reasonable time");
});

// ---------------------------------------------------------------------------------------
// SVG

/** A small SVG exactly as crate/src/view/svg.rs writes it. */
const ENGINE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="72" viewBox="0 0 96 72">
<rect width="96" height="72" fill="#ffffff"/>
<circle cx="24" cy="24" r="3" fill="#1f2937"/>
<circle cx="72" cy="24" r="3" fill="#1f2937"/>
<line x1="24" y1="24" x2="72" y2="48" stroke="#2563eb" stroke-width="2.5" stroke-linecap="round"/>
<line x1="24" y1="48" x2="72" y2="48" stroke="#94a3b8" stroke-width="1" stroke-linecap="round" stroke-dasharray="3 2"/>
<circle cx="48" cy="36" r="7.5" fill="#2563eb" stroke="#ffffff" stroke-width="1.5"/>
<text x="48" y="36" font-size="9" font-family="system-ui, sans-serif" text-anchor="middle" dominant-baseline="central" fill="#ffffff">1</text>
</svg>
`;

/**
 * A strict-enough XML well-formedness check: one root, tags nested and matched, attributes
 * quoted and not repeated, no "<" in attribute values, only predefined or numeric entity
 * references, comments, CDATA, processing instructions and a doctype where allowed.
 */
function assertWellFormed(xml) {
  const NAME = "[A-Za-z_:][\\w.:-]*";
  const ref = new RegExp("&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)");
  const stack = [];
  let roots = 0;
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    const text = xml.slice(at, lt < 0 ? xml.length : lt);
    assert.ok(!ref.test(text), `a bare & in text near ${at}`);
    assert.ok(!text.includes("]]>"), `]]> in text near ${at}`);
    if (stack.length === 0) assert.match(text, /^\s*$/, `text outside the root near ${at}`);
    if (lt < 0) break;
    const skip = (open, close) => {
      const end = xml.indexOf(close, lt + open.length);
      assert.ok(end >= 0, `${open} unclosed at ${lt}`);
      return end + close.length;
    };
    if (xml.startsWith("<!--", lt)) at = skip("<!--", "-->");
    else if (xml.startsWith("<![CDATA[", lt)) {
      assert.ok(stack.length > 0, "CDATA outside the root");
      at = skip("<![CDATA[", "]]>");
    } else if (xml.startsWith("<?", lt)) at = skip("<?", "?>");
    else if (xml.startsWith("<!DOCTYPE", lt)) {
      assert.equal(roots, 0, "doctype after the root");
      const m = /^<!DOCTYPE[^[>]*(\[[^]*?\]\s*)?>/.exec(xml.slice(lt));
      assert.ok(m, "doctype");
      at = lt + m[0].length;
    } else {
      const m = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`).exec(xml.slice(lt));
      assert.ok(m, `a malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
      const [whole, closing, name, attributes, empty] = m;
      if (closing) {
        assert.ok(!attributes && !empty, `a closing tag with more at ${lt}`);
        assert.equal(stack.pop(), name, `mismatched </${name}> at ${lt}`);
      } else {
        const names = [...attributes.matchAll(new RegExp(`(${NAME})\\s*=`, "g"))].map((a) => a[1]);
        assert.equal(new Set(names).size, names.length, `a repeated attribute at ${lt}`);
        assert.ok(!ref.test(attributes), `a bare & in an attribute at ${lt}`);
        if (stack.length === 0) roots++;
        if (!empty) stack.push(name);
      }
      at = lt + whole.length;
    }
  }
  assert.deepEqual(stack, [], "unclosed elements");
  assert.equal(roots, 1, "one root element");
}

/** python3's expat parse of `xml`: {root, title, entries}, or null when there is no python3. */
function parsedByPython(xml) {
  const script = `
import json, sys, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.buffer.read())
svg = "{http://www.w3.org/2000/svg}"
title = root.find(svg + "title")
entries = [[e.get("key"), e.text or ""] for e in root.iter("{${SVG_NAMESPACE}}entry")]
print(json.dumps({"root": root.tag, "title": None if title is None else title.text, "entries": entries}))
`;
  const run = spawnSync("python3", ["-c", script], { input: Buffer.from(xml, "utf8"), encoding: "utf8" });
  if (run.error) return null;
  assert.equal(run.status, 0, `python3 could not parse the SVG: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

test("an engine SVG gets a <title> and our <metadata> right after its <svg> tag, and is otherwise unchanged", () => {
  const out = svgWithMetadata(ENGINE_SVG, gameEntries(LINK, CAPTION));
  const ns = SVG_NAMESPACE;
  const expected =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="72" viewBox="0 0 96 72">\n` +
    `<title>${CAPTION}</title>\n` +
    `<metadata><morpion:game xmlns:morpion="${ns}">\n` +
    `<morpion:entry key="morpion-link">${LINK.replace("&", "&amp;")}</morpion:entry>\n` +
    `<morpion:entry key="Description">${CAPTION}</morpion:entry>\n` +
    `<morpion:entry key="Software">Morpion Solitaire</morpion:entry>\n` +
    `</morpion:game></metadata>\n`;
  assert.ok(out.startsWith(expected), out);
  assert.equal(out.slice(expected.length), ENGINE_SVG.slice(ENGINE_SVG.indexOf("\n") + 1));
  assertWellFormed(ENGINE_SVG);
  assertWellFormed(out);
  assert.deepEqual(svgMetadata(out), gameEntries(LINK, CAPTION));
  assert.equal(gameLinkIn(out), LINK);
  assert.equal(gameLinkIn(new TextEncoder().encode(out)), LINK, "an SVG file's bytes");
  const py = parsedByPython(out);
  if (py) {
    assert.equal(py.root, "{http://www.w3.org/2000/svg}svg");
    assert.equal(py.title, CAPTION);
    assert.deepEqual(py.entries, Object.entries(gameEntries(LINK, CAPTION)));
  }
});

test("SVG text round trips with & < > \" ' and UTF-8, and stays well-formed XML", () => {
  const entries = {
    [LINK_KEY]: `https://example.org/a?b=1&c=<2>#g="x'y"&m=3`,
    [CAPTION_KEY]: `Tom & Jerry's "best" <game> — élève 🎲 ]]> &amp; &#38;`,
    "A&B <\"q\"> 'k'": "key with every escape",
    Lines: "tab\there\nnew line\r\nCRLF\rCR  two  spaces ",
    Empty: "",
  };
  const out = svgWithMetadata(ENGINE_SVG, entries);
  assertWellFormed(out);
  assert.ok(!out.includes("]]>"));
  assert.deepEqual(svgMetadata(out), entries);
  assert.match(out, /<title>Tom &amp; Jerry&apos;s &quot;best&quot; &lt;game&gt; — élève 🎲 \]\]&gt; &amp;amp; &amp;#38;<\/title>/);
  const py = parsedByPython(out);
  if (py) {
    assert.equal(py.title, entries[CAPTION_KEY]);
    assert.deepEqual(py.entries, Object.entries(entries), "expat reads the same entries");
  }
  // A Title entry is the <title>, before the caption.
  const titled = svgWithMetadata(ENGINE_SVG, { [TITLE_KEY]: "The title", [CAPTION_KEY]: "The caption" });
  assert.match(titled, /<title>The title<\/title>/);
  assert.doesNotMatch(svgWithMetadata(ENGINE_SVG, { [LINK_KEY]: LINK }), /<title>/, "no caption, no title");
  assert.throws(() => svgWithMetadata(ENGINE_SVG, { Note: "bell \u0007" }), /^Error: the image text "Note" has a character an SVG cannot hold \(U\+0007\)$/);
  assert.throws(() => svgWithMetadata(ENGINE_SVG, { Note: "\ufffe" }), /U\+FFFE/);
});

test("writing SVG metadata twice replaces it; the document is then as if written once", () => {
  const once = svgWithMetadata(ENGINE_SVG, gameEntries(LINK, CAPTION));
  const twice = svgWithMetadata(once, gameEntries(`${LINK}9`, "other"));
  assert.equal(twice, svgWithMetadata(ENGINE_SVG, gameEntries(`${LINK}9`, "other")));
  assert.equal(twice.match(/<metadata>/g).length, 1);
  assert.equal(twice.match(/<title>/g).length, 1);
  assert.equal(svgWithMetadata(once, {}), svgWithMetadata(ENGINE_SVG, {}));
});

test("other SVG shapes: prolog, doctype, self-closing root; text that is not an SVG is refused", () => {
  const prolog = `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand > -->\n<!DOCTYPE svg [ <!ENTITY e "<svg>"> ]>\n<svg xmlns="http://www.w3.org/2000/svg" data-x="a>b"><rect width="1" height="1"/></svg>`;
  const out = svgWithMetadata(prolog, gameEntries(LINK, CAPTION));
  assert.ok(out.includes(`data-x="a>b">\n<title>`), "after the whole tag, not at a quoted >");
  assert.deepEqual(svgMetadata(out), gameEntries(LINK, CAPTION));
  assertWellFormed(out.slice(1));
  const empty = svgWithMetadata(`<svg xmlns="http://www.w3.org/2000/svg" width="1"/>`, gameEntries(LINK, CAPTION));
  assert.match(empty, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1">\n<title>[^]*<\/metadata>\n<\/svg>$/);
  assertWellFormed(empty);
  assert.equal(gameLinkIn(empty), LINK);
  for (const notSvg of ["", "hello", "<html><svg></svg></html>", "<svgx/>", "<!-- unclosed", "<?xml unclosed"]) {
    assert.throws(() => svgWithMetadata(notSvg, {}), /^Error: not an SVG image/, notSvg);
  }
  assert.throws(() => svgWithMetadata(`<svg width="1`, {}), /cut short in its <svg> tag/);
});

test("SVGs without our metadata give {}: other metadata, other namespaces, any text", () => {
  const inkscape = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">
<metadata><rdf:RDF><dc:title>A drawing</dc:title><game key="morpion-link">not ours</game></rdf:RDF></metadata>
<morpion:game xmlns:morpion="https://example.org/other"><morpion:entry key="morpion-link">not ours</morpion:entry></morpion:game>
</svg>`;
  for (const svg of [ENGINE_SVG, inkscape, "", "<svg/>", "not xml at all & <", `xmlns:m="${SVG_NAMESPACE}"`, `<m:game xmlns:m="${SVG_NAMESPACE}"/>`]) {
    assert.deepEqual(svgMetadata(svg), {}, svg);
    assert.equal(gameLinkIn(svg), null);
  }
  assert.deepEqual(svgMetadata(/** @type {any} */ (null)), {});
  assert.equal(gameLinkIn(/** @type {any} */ (42)), null);
});

test("our metadata is still read after an editor rewrote it: other prefix, declaration on the root, quotes, CDATA, comments, CRLF", () => {
  const edited = `<svg xmlns="http://www.w3.org/2000/svg"\r\n xmlns:ns1='${SVG_NAMESPACE}'>\r\n<metadata id="m">\r\n<ns1:game>\r\n` +
    `<ns1:entry\r\n key='morpion-link' id="e1"><![CDATA[${LINK}]]></ns1:entry >\r\n` +
    `<ns1:entry data-key="x" key="Description">two<!-- a comment -->\r\nlines &#x1F3B2;&#127922; &unknown; &#xD800;</ns1:entry>\r\n` +
    `<ns1:entry key="Empty"/>\r\n<ns1:entry key="Nested">a<b/>c</ns1:entry>\r\n<ns1:entryx key="Other">no</ns1:entryx>\r\n` +
    `<ns1:entry key="Description">the second is ignored</ns1:entry>\r\n` +
    `</ns1:game>\r\n</metadata>\r\n</svg>`;
  assertWellFormed(edited.replace("&unknown;", ""));
  assert.deepEqual(svgMetadata(edited), { [LINK_KEY]: LINK, Description: "two\nlines 🎲🎲 &unknown; &#xD800;", Empty: "" });
  assert.equal(gameLinkIn(edited), LINK);
});

test("fuzz: svgMetadata never throws, on noise or on damaged copies of our SVG", { timeout: 60_000 }, () => {
  const next = random(42);
  const int = (n) => Math.floor(next() * n);
  const good = svgWithMetadata(ENGINE_SVG, { ...gameEntries(LINK, CAPTION), Extra: "<&>\"'" });
  const alphabet = `<>/&;"'=:! \n[]?-#x01aemorpin${SVG_NAMESPACE}`;
  for (let i = 0; i < 3000; i++) {
    let input;
    if (i % 3 === 0) input = Array.from({ length: int(200) }, () => alphabet[int(alphabet.length)]).join("");
    else if (i % 3 === 1) input = good.slice(0, int(good.length + 1));
    else {
      const chars = [...good];
      for (let k = 1 + int(6); k > 0; k--) chars[int(chars.length)] = alphabet[int(alphabet.length)];
      input = chars.join("");
    }
    const result = svgMetadata(input);
    for (const v of Object.values(result)) assert.equal(typeof v, "string");
    onlyErrors(() => svgWithMetadata(input, { Note: "x" }), `write, case ${i}`);
  }
  // A large document with many unclosed tags stays linear.
  const big = `<svg xmlns:m="${SVG_NAMESPACE}"><m:game>${'<m:entry key="a" "'.repeat(50_000)}`;
  const started = Date.now();
  assert.deepEqual(svgMetadata(big), {});
  assert.ok(Date.now() - started < 2000, "no quadratic scan");
});
