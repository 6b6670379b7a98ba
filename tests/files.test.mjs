// A file's text as the import dialog reads it (www/js/files.js's fileText), in node: the
// encodings people's files come in, and what is no text.

import { test } from "node:test";
import assert from "node:assert/strict";
import { fileText } from "../www/js/files.js";

const PSOL = "# é\n(28,28)\n(27,27) / 0\n";

/** @param {string} s @param {boolean} littleEndian @param {boolean} mark */
function utf16(s, littleEndian, mark) {
  const units = [...(mark ? [0xfeff] : []), ...Array.from(s, (c) => c.charCodeAt(0))];
  const bytes = new Uint8Array(units.length * 2);
  const view = new DataView(bytes.buffer);
  units.forEach((u, i) => view.setUint16(2 * i, u, littleEndian));
  return bytes;
}

test("UTF-8, UTF-16 with or without its mark, and Latin-1 read as their text", () => {
  assert.equal(fileText(new TextEncoder().encode(PSOL)), PSOL);
  for (const le of [true, false]) for (const mark of [true, false]) assert.equal(fileText(utf16(PSOL, le, mark)), PSOL, `${le} ${mark}`);
  const latin1 = Uint8Array.from(Array.from(PSOL, (c) => c.charCodeAt(0)));
  assert.equal(fileText(latin1), PSOL);
  // a UTF-8 byte order mark before Latin-1 (an editor's) is no character of the text
  assert.equal(fileText(Uint8Array.from([0xef, 0xbb, 0xbf, ...latin1])), PSOL);
});

test("a file that is no text gives null", () => {
  assert.equal(fileText(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x9c, 0x00])), null);
  assert.equal(fileText(Uint8Array.from([0xc3, 0x28, 0x00, 0x00])), null);
  // no UTF-8 and no NUL, but control characters no text holds: random bytes
  assert.equal(fileText(Uint8Array.from([0xa7, 0x13, 0xfe, 0x05, 0x28])), null);
  assert.equal(fileText(Uint8Array.from([0xe9, 0x7f])), null);
  // a text file's own: tab, line ends, form feed, DOS's end of file
  assert.equal(fileText(Uint8Array.from([0xe9, 0x09, 0x0d, 0x0a, 0x0c, 0x28, 0x1a])), "\u00e9\t\r\n\f(\u001a");
  assert.equal(fileText(new Uint8Array()), "");
});
