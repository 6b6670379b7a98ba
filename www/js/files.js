// @ts-check
// Getting text and images out of the page (clipboard and downloads), and a file's text in.

/** Copies `text`; resolves to true when it worked. @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (an insecure origin, an old browser): select and copy.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    let ok;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Offers `blob` as a download called `name`. @param {Blob} blob @param {string} name */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A byte no Latin-1 text file holds: a control character other than tab, line feed, form feed, carriage return and DOS's end of file (0x1A), or DEL. @param {number} b */
const binary = (b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) || b === 0x7f;

/**
 * A file's bytes as text: UTF-8; UTF-16, with a byte order mark or without (ASCII with a
 * NUL every other byte: what Windows' Notepad saves as "Unicode"); else, where no byte is a
 * control character (tab, line ends, form feed and DOS's end of file aside), Windows-1252
 * (a name in Latin-1 in a comment). Null for a file that is no text. As cli/src/text_bytes.rs.
 * @param {Uint8Array} bytes @returns {string | null}
 */
export function fileText(bytes) {
  const head = bytes.subarray(0, Math.min(bytes.length, 64) & ~1);
  const nulAt = (/** @type {number} */ first) =>
    head.length >= 4 && head.every((b, i) => i % 2 !== first || b === 0) && head.some((b) => b !== 0);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  if (nulAt(1)) return new TextDecoder("utf-16le").decode(bytes);
  if (nulAt(0)) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // (a UTF-8 byte order mark before it, an editor's, is no text of the file)
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    // a control character no text file holds: no text (random bytes, a binary without NUL)
    return bytes.some(binary) ? null : new TextDecoder("windows-1252").decode(bytes.subarray(bom));
  }
}
