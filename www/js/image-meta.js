// @ts-check
// The game inside its images: an exported PNG or SVG carries the game's link (and a
// caption), so that the image, found again later or dropped on the page, gives the game
// back. A PNG gets iTXt chunks, an SVG a <metadata> element of our own namespace. Plain
// functions on bytes and text, without the DOM, so that node tests them.
//
// Entries are {keyword: text}. The same entries suit both formats: keywords follow the PNG
// rules (1 to 79 printable Latin-1 characters), and the standard PNG keywords are used
// where one fits, so that image viewers show the caption.
//
// What a reader says of a damaged image is in the page's language (a person chose the
// file); what a writer refuses is a mistake of this program's, and stays English.

import { t } from "./i18n.js";

/** The keyword of the game's link (a page address whose fragment carries the moves). */
export const LINK_KEY = "morpion-link";
/** The keyword of the caption: PNG's standard "Description", which viewers show. */
export const CAPTION_KEY = "Description";
/** PNG's standard short title; in an SVG, the <title> is this entry, or else the caption. */
export const TITLE_KEY = "Title";
/** PNG's standard keyword of the program that made the image. */
export const SOFTWARE_KEY = "Software";
/** PNG's standard keyword of when the image was made (its format is free). */
export const CREATION_TIME_KEY = "Creation Time";
/** Our name, as the Software entry. */
export const SOFTWARE = "Morpion Solitaire";
/**
 * The XML namespace of our SVG metadata. The ".invalid" domain can never be registered
 * (RFC 2606), so nobody else's namespace can be the same; the name is never fetched.
 */
export const SVG_NAMESPACE = "https://morpion.invalid/ns/image-meta/1";

/** @typedef {Record<string, string>} TextEntries keyword to text */

/**
 * The entries an exported image of a game carries.
 * @param {string} link the game's link @param {string} caption what the image shows, for people
 * @returns {TextEntries}
 */
export function gameEntries(link, caption) {
  return { [LINK_KEY]: link, [CAPTION_KEY]: caption, [SOFTWARE_KEY]: SOFTWARE };
}

/**
 * The link an image carries, or null when it carries none. Bytes with the PNG signature
 * are read as a PNG (a damaged PNG is an Error); any other bytes are decoded as UTF-8 and,
 * like a string, read as SVG text (anything that is not one of our SVGs gives null), so
 * that a file's bytes can be given as they are.
 * @param {Uint8Array | string} image @returns {string | null}
 */
export function gameLinkIn(image) {
  let entries;
  if (typeof image === "string") entries = svgMetadata(image);
  else if (!(image instanceof Uint8Array)) return null;
  else if (isPng(image)) entries = pngText(image);
  else entries = svgMetadata(new TextDecoder().decode(image));
  return Object.hasOwn(entries, LINK_KEY) ? entries[LINK_KEY] : null;
}

// ---------------------------------------------------------------------------------------
// PNG: a signature, then chunks (length, type, data, CRC-32 of type and data), IHDR first
// and IEND last. Our text goes right after IHDR, before the image data, so that a reader
// that stops early (or a truncated download) still finds it.

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** The PNG spec caps a chunk's length at 2^31 - 1 bytes. */
const MAX_CHUNK = 0x7fffffff;
/** The text chunks: read (tEXt, iTXt), and replaced when a keyword is written again (all three). */
const READ_TYPES = new Set(["tEXt", "iTXt"]);
const TEXT_TYPES = new Set(["tEXt", "iTXt", "zTXt"]);

/** The CRC-32 of PNG (and zip, and zlib.crc32), one table lookup a byte. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * The CRC-32 of bytes[start..end).
 * @param {Uint8Array} bytes @param {number} [start] @param {number} [end] @returns {number}
 */
export function crc32(bytes, start = 0, end = bytes.length) {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Does `bytes` begin with the PNG signature? @param {unknown} bytes @returns {bytes is Uint8Array} */
export function isPng(bytes) {
  return bytes instanceof Uint8Array && bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** @param {Uint8Array} b @param {number} at */
function u32(b, at) {
  return ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}

/**
 * One chunk's place in the file: it spans [start, end); its data is [data, data + length).
 * @typedef {{ type: string, start: number, data: number, length: number, end: number }} Chunk
 */

/**
 * The chunks of a PNG, IHDR to IEND. Only the frame is checked here (signature, IHDR
 * first, lengths within the file, types of four letters): a CRC is checked by whoever
 * reads the chunk's data.
 * @param {unknown} bytes @returns {Chunk[]}
 */
function chunks(bytes) {
  if (!isPng(bytes)) throw new Error(t("image.not-png"));
  /** @type {Chunk[]} */
  const list = [];
  // Every turn moves on by at least the 12 bytes of a chunk's frame, so this ends.
  for (let at = SIGNATURE.length; ; ) {
    if (at + 12 > bytes.length) {
      throw new Error(t("image.png-no-end", { at }));
    }
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) {
      throw new Error(t("image.png-bad-type", { at }));
    }
    if (list.length === 0 && (type !== "IHDR" || length !== 13)) {
      throw new Error(t("image.png-no-header"));
    }
    if (length > MAX_CHUNK || at + 12 + length > bytes.length) {
      throw new Error(t("image.png-chunk-cut", { type, at, length }));
    }
    const chunk = { type, start: at, data: at + 8, length, end: at + 12 + length };
    list.push(chunk);
    if (type === "IEND") return list;
    at = chunk.end;
  }
}

/** Is the chunk's stored CRC that of its type and data? @param {Uint8Array} bytes @param {Chunk} c */
function crcHolds(bytes, c) {
  return crc32(bytes, c.start + 4, c.data + c.length) === u32(bytes, c.data + c.length);
}

/** Bytes as Latin-1 (not TextDecoder's "latin1", which is windows-1252). @param {Uint8Array} bytes */
function latin1(bytes) {
  let s = "";
  // In slices: spreading a long text chunk into one call could overflow the stack.
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/** The keyword of a text chunk (the bytes before its first NUL), or null. @param {Uint8Array} bytes @param {Chunk} c */
function keywordOf(bytes, c) {
  const data = bytes.subarray(c.data, c.data + c.length);
  const nul = data.indexOf(0);
  return nul >= 1 && nul <= 79 ? latin1(data.subarray(0, nul)) : null;
}

/**
 * The {keyword, text} of a tEXt or iTXt chunk, or null for one that is compressed or does
 * not follow the format: a chunk whose CRC holds but whose layout is wrong is another
 * program's mistake, and skipping it still lets our own entries be read.
 * @param {Uint8Array} bytes @param {Chunk} c @returns {{ keyword: string, text: string } | null}
 */
function readTextChunk(bytes, c) {
  const keyword = keywordOf(bytes, c);
  if (keyword === null) return null;
  const data = bytes.subarray(c.data, c.data + c.length);
  let at = keyword.length + 1;
  if (c.type === "tEXt") return { keyword, text: latin1(data.subarray(at)) };
  // iTXt: compression flag, compression method, language tag\0, translated keyword\0, text.
  if (at + 2 > data.length || data[at] !== 0) return null; // compressed: left unread
  at += 2;
  for (let field = 0; field < 2; field++) {
    const nul = data.indexOf(0, at);
    if (nul < 0) return null;
    at = nul + 1;
  }
  return { keyword, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(data.subarray(at)) };
}

/**
 * The text a PNG carries in its tEXt and uncompressed iTXt chunks, as {keyword: text}
 * (compressed iTXt and zTXt chunks are skipped; of two chunks of one keyword, the first
 * is kept). Whatever the input, the only thing thrown is an Error for people: not a PNG,
 * cut short, or a text chunk whose CRC fails (which chunk, at what byte).
 * @param {Uint8Array} bytes @returns {TextEntries}
 */
export function pngText(bytes) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const c of chunks(bytes)) {
    if (!READ_TYPES.has(c.type)) continue;
    if (!crcHolds(bytes, c)) {
      throw new Error(t("image.png-crc", { type: c.type, at: c.start }));
    }
    const entry = readTextChunk(bytes, c);
    if (entry && !found.has(entry.keyword)) found.set(entry.keyword, entry.text);
  }
  // Not plain assignment: a keyword such as "__proto__" must be an entry like any other.
  return Object.fromEntries(found);
}

/**
 * Throws unless `keyword` is a PNG text keyword: 1 to 79 printable Latin-1 characters,
 * no leading, trailing or double space (PNG spec 11.3.3.2).
 * @param {unknown} keyword @returns {asserts keyword is string}
 */
function checkKeyword(keyword) {
  const shown = JSON.stringify(keyword);
  if (typeof keyword !== "string" || keyword.length < 1 || keyword.length > 79) {
    throw new Error(`an image text keyword has 1 to 79 characters, not ${shown}`);
  }
  if (!/^[\x20-\x7e\xa1-\xff]+$/.test(keyword)) {
    throw new Error(`an image text keyword has only printable Latin-1 characters, not ${shown}`);
  }
  if (keyword.startsWith(" ") || keyword.endsWith(" ") || keyword.includes("  ")) {
    throw new Error(`an image text keyword has no leading, trailing or double space, not ${shown}`);
  }
}

/** A lone half of a surrogate pair: no UTF-8 holds it (TextEncoder would change it silently). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Throws unless `text` is a string both formats can hold as it is. @param {string} keyword @param {unknown} text @returns {asserts text is string} */
function checkText(keyword, text) {
  if (typeof text !== "string") throw new Error(`the image text ${JSON.stringify(keyword)} is not a string`);
  if (LONE_SURROGATE.test(text)) throw new Error(`the image text ${JSON.stringify(keyword)} is not valid Unicode (a lone surrogate)`);
}

/**
 * An uncompressed iTXt chunk: keyword\0, flag 0, method 0, empty language tag\0, empty
 * translated keyword\0, then the text in UTF-8.
 * @param {string} keyword @param {string} text @returns {Uint8Array}
 */
function iTXtChunk(keyword, text) {
  const utf8 = new TextEncoder().encode(text);
  const length = keyword.length + 5 + utf8.length;
  if (length > MAX_CHUNK) throw new Error(`the image text ${JSON.stringify(keyword)} is too long for a PNG chunk`);
  const chunk = new Uint8Array(12 + length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, length);
  chunk.set([0x69, 0x54, 0x58, 0x74], 4); // "iTXt"
  for (let i = 0; i < keyword.length; i++) chunk[8 + i] = keyword.charCodeAt(i);
  // The five bytes after the keyword are zero already: its NUL, the flag, the method, two NULs.
  chunk.set(utf8, 8 + keyword.length + 5);
  view.setUint32(8 + length, crc32(chunk, 4, 8 + length));
  return chunk;
}

/**
 * A copy of the PNG `bytes` with one iTXt chunk per entry right after IHDR. A text chunk
 * already there with one of the keywords is left out, so that writing twice does not
 * leave two links; every other byte is kept as it was.
 * @param {Uint8Array} bytes @param {TextEntries} entries @returns {Uint8Array<ArrayBuffer>}
 */
export function pngWithText(bytes, entries) {
  const list = chunks(bytes);
  const fresh = Object.entries(entries).map(([keyword, text]) => {
    checkKeyword(keyword);
    checkText(keyword, text);
    return iTXtChunk(keyword, text);
  });
  const replaced = new Set(Object.keys(entries));
  /** @type {Uint8Array[]} */
  const parts = [bytes.subarray(0, list[0].end), ...fresh];
  for (const c of list.slice(1)) {
    const keyword = TEXT_TYPES.has(c.type) ? keywordOf(bytes, c) : null;
    if (keyword === null || !replaced.has(keyword)) parts.push(bytes.subarray(c.start, c.end));
  }
  parts.push(bytes.subarray(list[list.length - 1].end)); // anything after IEND, as it was
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// SVG: right after the root element's opening tag,
//   <title>caption</title>
//   <metadata><morpion:game xmlns:morpion="…">
//   <morpion:entry key="morpion-link">https://…#g=…</morpion:entry>
//   …
//   </morpion:game></metadata>
// Keywords can have spaces ("Creation Time"), so they are attribute values, not element
// names. Reading is a small parser of this element alone (node has no DOMParser), which
// finds it wherever an editor moved it and whatever prefix it gave our namespace.

/**
 * The code of the first character of `text` that XML 1.0 cannot hold, not even as a
 * character reference (controls but tab and line breaks, U+FFFE, U+FFFF), or -1.
 * @param {string} text
 */
function notXml(text) {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) return c;
  }
  return -1;
}

/**
 * `text` escaped for an XML attribute value or text content. Carriage returns and, in an
 * attribute, tabs and newlines are references, else a parser would normalise them away.
 * @param {string} text @param {boolean} [attribute]
 */
function escapeXml(text, attribute = false) {
  return text.replace(/[&<>"'\t\n\r]/g, (ch) => {
    switch (ch) {
      case "&": return "&amp;";
      case "<": return "&lt;";
      case ">": return "&gt;";
      case '"': return "&quot;";
      case "'": return "&apos;";
      default: return attribute || ch === "\r" ? `&#${ch.charCodeAt(0)};` : ch;
    }
  });
}

/** The predefined entities and character references replaced by what they stand for. @param {string} text */
function unescapeXml(text) {
  /** @type {Record<string, string>} */
  const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-fA-F]{1,8}|#[0-9]{1,10}|amp|lt|gt|quot|apos);/g, (whole, name) => {
    if (!name.startsWith("#")) return named[name];
    const code = name[1] === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    // A reference to no character is left as written rather than throwing.
    return code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** @param {string} s */
function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The end of the tag whose "<" is at `start` (the index of its ">"), skipping quoted
 * attribute values, or -1 when the text ends first.
 * @param {string} text @param {number} start
 */
function tagEnd(text, start) {
  let quote = "";
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ">") {
      return i;
    }
  }
  return -1;
}

/**
 * Where the root <svg> element's opening tag is, after the prolog (BOM, XML declaration,
 * comments, processing instructions, doctype).
 * @param {string} svg @returns {{ start: number, end: number }} end is the index of its ">"
 */
function rootTag(svg) {
  const notSvg = () => new Error("not an SVG image (no <svg> root element)");
  let at = svg.startsWith("\ufeff") ? 1 : 0;
  for (;;) {
    while (at < svg.length && " \t\r\n".includes(svg[at])) at++;
    let close = "";
    if (svg.startsWith("<?", at)) close = "?>";
    else if (svg.startsWith("<!--", at)) close = "-->";
    else if (svg.startsWith("<!DOCTYPE", at)) {
      const gt = svg.indexOf(">", at);
      const bracket = svg.indexOf("[", at);
      // An internal subset may hold ">" of its own: it ends at "]" then ">".
      const end = bracket >= 0 && (gt < 0 || bracket < gt) ? svg.slice(bracket).search(/\]\s*>/) : -1;
      if (end >= 0) {
        at = svg.indexOf(">", bracket + end) + 1;
        continue;
      }
      close = ">";
    }
    if (close) {
      const end = svg.indexOf(close, at);
      if (end < 0) throw notSvg();
      at = end + close.length;
      continue;
    }
    if (!/^<svg[\s/>]/.test(svg.slice(at, at + 5))) throw notSvg();
    const end = tagEnd(svg, at);
    if (end < 0) throw new Error("the SVG image is cut short in its <svg> tag");
    return { start: at, end };
  }
}

/** The block a previous svgWithMetadata put right after the root tag, so that it is replaced, not doubled. */
const OUR_BLOCK = new RegExp(
  `^\\n?(?:<title>[^<]*</title>\\n)?<metadata><morpion:game xmlns:morpion="${escapeRegExp(SVG_NAMESPACE)}">[^]*?</morpion:game></metadata>\\n`,
);

/**
 * The SVG document `svg` with our entries in a <metadata> right after the root element's
 * opening tag, and before it a <title> (the Title entry, or else the caption) that viewers
 * and screen readers show. Throws an Error when `svg` has no <svg> root, or for a keyword
 * a PNG would refuse or a text with a character XML cannot hold.
 * @param {string} svg @param {TextEntries} entries @returns {string}
 */
export function svgWithMetadata(svg, entries) {
  const lines = Object.entries(entries).map(([keyword, text]) => {
    checkKeyword(keyword);
    checkText(keyword, text);
    const bad = notXml(text);
    if (bad >= 0) {
      const code = bad.toString(16).toUpperCase().padStart(4, "0");
      throw new Error(`the image text ${JSON.stringify(keyword)} has a character an SVG cannot hold (U+${code})`);
    }
    return `<morpion:entry key="${escapeXml(keyword, true)}">${escapeXml(text)}</morpion:entry>\n`;
  });
  const title = Object.hasOwn(entries, TITLE_KEY) ? entries[TITLE_KEY] : Object.hasOwn(entries, CAPTION_KEY) ? entries[CAPTION_KEY] : null;
  const block =
    (title === null ? "" : `<title>${escapeXml(title)}</title>\n`) +
    `<metadata><morpion:game xmlns:morpion="${SVG_NAMESPACE}">\n${lines.join("")}</morpion:game></metadata>\n`;
  const root = rootTag(svg);
  const selfClosing = svg[root.end - 1] === "/";
  if (selfClosing) {
    // <svg …/> has no content to go first in: it becomes <svg …>, ours, </svg>.
    return `${svg.slice(0, root.end - 1)}>\n${block}</svg>${svg.slice(root.end + 1)}`;
  }
  const rest = svg.slice(root.end + 1).replace(OUR_BLOCK, "").replace(/^\n/, "");
  return `${svg.slice(0, root.end + 1)}\n${block}${rest}`;
}

/**
 * The entries of our <metadata> in the SVG text `svgText`, as {keyword: text}; {} for any
 * SVG (or text) without them. Never throws.
 * @param {string} svgText @returns {TextEntries}
 */
export function svgMetadata(svgText) {
  if (typeof svgText !== "string") return {};
  // Our namespace, under whatever prefix it was given (an editor may have renamed it or
  // moved the declaration up to the root).
  const declared = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*(["'])${escapeRegExp(SVG_NAMESPACE)}\\2`).exec(svgText);
  if (!declared) return {};
  const prefix = declared[1];
  const open = new RegExp(`<${escapeRegExp(prefix)}:game[\\s/>]`).exec(svgText);
  if (!open) return {};
  const openEnd = tagEnd(svgText, open.index);
  if (openEnd < 0 || svgText[openEnd - 1] === "/") return {};
  const close = svgText.indexOf(`</${prefix}:game`, openEnd);
  const game = svgText.slice(openEnd + 1, close < 0 ? svgText.length : close);
  /** @type {Map<string, string>} */
  const found = new Map();
  const entryTag = `<${prefix}:entry`;
  for (let at = game.indexOf(entryTag); at >= 0; at = game.indexOf(entryTag, at + 1)) {
    if (!/[\s/>]/.test(game[at + entryTag.length] || "")) continue;
    const end = tagEnd(game, at);
    if (end < 0) break;
    const key = /(?:^|\s)key\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(game.slice(at + entryTag.length, end));
    const content = game[end - 1] === "/" ? { text: "", end } : entryText(game, end + 1, `</${prefix}:entry`);
    // Each part of the text is looked at once: the next entry is looked for after this one.
    at = content ? content.end : end;
    if (!key || !content) continue;
    const keyword = unescapeXml(key[1] ?? key[2]);
    if (!found.has(keyword)) found.set(keyword, content.text);
  }
  return Object.fromEntries(found);
}

/**
 * The text of an element from `at` to its closing tag `close` (CDATA sections and comments
 * allowed), and where that tag ends; null when it holds anything else or never closes.
 * @param {string} xml @param {number} at @param {string} close @returns {{ text: string, end: number } | null}
 */
function entryText(xml, at, close) {
  let text = "";
  for (;;) {
    const lt = xml.indexOf("<", at);
    if (lt < 0) return null;
    // XML reads every line break as "\n"; a "\r" that matters was written as &#13;.
    text += unescapeXml(xml.slice(at, lt).replace(/\r\n?/g, "\n"));
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end < 0) return null;
      text += xml.slice(lt + 9, end).replace(/\r\n?/g, "\n");
      at = end + 3;
    } else if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end < 0) return null;
      at = end + 3;
    } else {
      if (!xml.startsWith(close, lt)) return null;
      const end = xml.indexOf(">", lt);
      return end >= 0 && /^\s*$/.test(xml.slice(lt + close.length, end)) ? { text, end } : null;
    }
  }
}
