// @ts-check
// Share, import, export: the copy-link button, the import dialog (paste or file), files
// dropped on the page, and the export menu (the engine's text formats, and images).

import { EmptyImport } from "./app.js";
import { assumed5T, button, clearError, el, errorText, input, notesSentence, say, select, sentence, showError } from "./dom.js";
import { copyText, download, fileText } from "./files.js";
import { dateTime, explain, t } from "./i18n.js";
import { CREATION_TIME_KEY, gameEntries, gameLinkIn, isPng, pngWithText, svgWithMetadata } from "./image-meta.js";
import { variantName } from "./words.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./app.js").Wasm} Wasm */

/** The images the page makes itself, after the engine's text formats in the menu. */
const IMAGES = [
  { name: "png", label: "Image (PNG)", extension: "png", mediaType: "image/png" },
  { name: "svg", label: "Image (SVG)", extension: "svg", mediaType: "image/svg+xml" },
];

/** An image is larger than any game text; only its chunk headers are walked, so allow more. */
const MAX_IMAGE_BYTES = 64 << 20;

/** Height of the caption strip under an exported PNG, in CSS pixels. */
const CAPTION_PX = 30;

/**
 * The Share panel: import (the dialog, files dropped on the page) and export. What it
 * offers the rest of the page: `keepInImport`.
 * @param {App} app @param {Wasm} wasm
 */
export function attachShare(app, wasm) {
  const dialog = el("import-dialog", HTMLDialogElement);
  const text = el("import-text", HTMLTextAreaElement);
  const problem = el("import-error", HTMLElement);
  const maxBytes = wasm.max_input_bytes();
  const formats = [...wasm.formats(), ...IMAGES];
  const menu = select("export-format");
  // a format's name in a sentence: the engine's English label, or the words of the page's
  // language (those its messages use); a menu's with a capital first
  const nameOf = (/** @type {(typeof formats)[number]} */ f) =>
    IMAGES.includes(f) ? t(`share.image-${f.name}`) : (explain({ code: `format.${f.name}` }) ?? f.label);
  const label = (/** @type {(typeof formats)[number]} */ f) => {
    const words = nameOf(f);
    return words[0].toUpperCase() + words.slice(1);
  };
  /** The name of the format the engine read a text as, in a sentence. @param {string} name */
  const readAs = (name) => {
    const format = formats.find((f) => f.name === name);
    return format ? nameOf(format) : name;
  };
  for (const f of formats) menu.append(new Option(label(f), f.name));

  // Short of the game's last move, the two kinds of export differ: say how; and say what
  // the chosen format's own program will not read (MSR of a 6T game)
  const exportNote = el("export-note", HTMLElement);
  const noteExport = () => {
    const [shown, n] = [app.shown(), app.length()];
    const elsewhere = app.exportNote(menu.value);
    // a format that cannot hold this game (Pentasol of a 6D game, or of another start than
    // the cross) says so before Download or Copy is pressed, and neither is offered
    const refusal = IMAGES.some((i) => i.name === menu.value) ? null : app.exportRefusal(menu.value);
    const refused = refusal === null ? "" : notesSentence([refusal]) || sentence(t("share.export-refused"));
    button("export").disabled = button("export-copy").disabled = refused !== "";
    const notes = [
      refused,
      shown === n || refused ? "" : t("share.export-at", { shown, n }),
      elsewhere === null ? "" : notesSentence([elsewhere]),
    ].filter(Boolean);
    exportNote.hidden = notes.length === 0;
    exportNote.textContent = notes.join(" ");
  };
  app.on("change", noteExport);
  menu.addEventListener("change", noteExport);
  noteExport();

  // A search's best game on the board is not the user's: what this tab copies and exports
  // is the user's game, which the tab says rather than share another game than the one seen.
  const previewNote = el("share-preview", HTMLElement);
  const notePreview = () => {
    previewNote.hidden = !app.previewing();
    if (app.previewing()) previewNote.textContent = t("share.preview", { n: app.length() });
  };
  app.on("board", notePreview);
  app.on("change", notePreview);
  notePreview();

  /**
   * Reads `content`; replaces the game only when it is read without error.
   * @param {string} content @param {string} variant
   * @param {"png" | "svg" | null} image the kind of image made here that `content` (its link) came from
   */
  const importText = (content, variant, image = null) => {
    let read;
    try {
      read = app.importText(content, variant);
    } catch (err) {
      // a text of no move is no clash of variants: nothing to import
      if (err instanceof EmptyImport) throw new Error(t("import.no-moves", { format: readAs(err.format) }), { cause: err });
      // a text that records its variant, read in another: say so (its moves were not
      // illegal, only not of the variant asked for)
      const said = variant ? app.variantSaid(content) : null;
      if (said === null || said === variant) throw err;
      throw new Error(t("import.variant-clash", { why: errorText(err), file: said, given: variant }), { cause: err });
    }
    clearError();
    // which variant was read; where the text does not say, the way to choose another here
    const name = readAs(read.format);
    const assumed = t("import.assumed-5t", { format: name });
    const notes = notesSentence(read.notes.map((n) => (assumed5T(n) ? assumed : n)));
    // by the format's name ("msr-json" meant nothing), or where the link came from
    const n = read.length;
    const done = image ? t("share.imported-image", { n, kind: image.toUpperCase() })
      : read.format === "link" ? t("share.imported-link", { n }) : t("share.imported", { n, format: name });
    say(done + (notes ? ` ${notes}` : ""));
  };

  button("copy-link").addEventListener("click", async () => {
    const copied = await copyText(app.link());
    say(!copied ? t("share.link-copy-failed") : app.previewing() ? t("share.link-copied-yours", { n: app.length() }) : t("share.link-copied"));
  });

  // Where the box's text came from: typed or pasted (it stays), a file ("text", or the link
  // of an image made here: the import says which) or a link that could not be opened, put
  // there by the page (keepInImport). A file refused clears a file's text, so Import cannot
  // open that earlier file's game by mistake; a kept link gives way to anything but typing.
  /** @type {"typed" | "text" | "png" | "svg" | "kept"} */
  let boxFrom = "typed";
  // Why the last file chosen was refused, while nothing has come into the box since:
  // Import then says it again, rather than that nothing was chosen.
  let refusal = "";
  text.addEventListener("input", () => { boxFrom = "typed"; refusal = ""; });
  // Reads finish in any order: only the last file chosen or dropped speaks.
  let reads = 0;

  button("import-open").addEventListener("click", () => {
    problem.textContent = "";
    refusal = "";
    // A file chosen before would stay named, and choosing it again would not count as a change.
    input("import-file").value = "";
    dialog.showModal();
    text.focus();
  });

  el("import-form", HTMLFormElement).addEventListener("submit", (e) => {
    const submitter = /** @type {HTMLButtonElement | null} */ (e.submitter);
    if (submitter && submitter.value !== "import") return; // Cancel closes the dialog
    e.preventDefault();
    if (!text.value.trim()) {
      problem.textContent = refusal || t("import.empty");
      return;
    }
    // a file was refused since the box's text came in: the user meant the file, so this
    // press says so again and that the text is older; a second one imports the text
    if (refusal) {
      problem.textContent = `${sentence(refusal)} ${t("import.box-from-before")}`;
      refusal = "";
      return;
    }
    try {
      importText(text.value, select("import-variant").value, boxFrom === "png" || boxFrom === "svg" ? boxFrom : null);
      dialog.close();
      text.value = "";
      boxFrom = "typed";
      problem.textContent = "";
    } catch (err) {
      problem.textContent = t("import.failed", { why: errorText(err) });
    }
  });

  /**
   * The text of a game file; for an image made here (PNG or SVG), the link it carries, and
   * which kind of image it was.
   * @param {File} file @returns {Promise<{ content: string, image: "png" | "svg" | null }>}
   */
  const readFile = async (file) => {
    const image = file.type.startsWith("image/") || /\.(png|svg)$/i.test(file.name);
    const limit = image ? MAX_IMAGE_BYTES : maxBytes;
    if (file.size > limit) throw new Error(t("import.too-large", { name: file.name, size: file.size, mb: limit >> 20 }));
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (isPng(bytes) || image) {
      const link = gameLinkIn(bytes);
      if (!link) throw new Error(t("import.image-without-game", { name: file.name }));
      return { content: link, image: isPng(bytes) ? "png" : "svg" };
    }
    const content = fileText(bytes);
    if (content === null) throw new Error(t("import.not-text", { name: file.name }));
    if (!content.trim()) throw new Error(t("import.file-empty", { name: file.name }));
    return { content, image: null };
  };

  /** Puts a file's text in the dialog's box, or says there why it cannot. @param {File} file */
  const fileIntoDialog = async (file) => {
    const read = ++reads;
    try {
      const { content, image } = await readFile(file);
      if (read !== reads) return;
      text.value = content;
      boxFrom = image ?? "text";
      refusal = "";
      problem.textContent = "";
    } catch (err) {
      if (read !== reads) return;
      if (boxFrom !== "typed" && boxFrom !== "kept") {
        text.value = "";
        boxFrom = "typed";
      }
      input("import-file").value = ""; // not taken: not named, and choosing it again tries again
      refusal = errorText(err);
      problem.textContent = refusal;
    }
  };

  input("import-file").addEventListener("change", (e) => {
    const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
    if (file) fileIntoDialog(file);
  });

  // A file dropped anywhere on the page is imported at once; into the dialog, it fills it.
  document.addEventListener("dragover", (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes("Files")) e.preventDefault();
  });
  document.addEventListener("drop", async (e) => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    if (dialog.open) {
      input("import-file").value = ""; // the chooser would name a file the box no longer holds
      fileIntoDialog(file);
      return;
    }
    try {
      const { content, image } = await readFile(file);
      importText(content, "", image);
    } catch (err) {
      showError(t("import.file-failed", { name: file.name, why: errorText(err) }), "import");
    }
  });

  /** The file name of an export; formats that share an extension (Pentasol, Flammenkamp, MS1 and the link are .txt) add their name. @param {{ name: string, extension: string }} f */
  const fileName = (f) => {
    const twin = formats.some((x) => x !== f && x.extension === f.extension);
    return `morpion-${app.variant()}-${isImage(f) ? app.shown() : app.length()}${twin ? `-${f.name}` : ""}.${f.extension}`;
  };

  /** What an image says of its game: the variant, the score, who played it, the date. */
  const caption = () => {
    return [variantName(app.variant()), t("games.moves", { n: app.shown() }), app.gameWho(), dateTime(Date.now())].filter(Boolean).join(" · ");
  };

  /** The text an image carries: the link of its game (importing the image opens it) and the caption. */
  const entries = () => ({ ...gameEntries(app.link(), caption()), [CREATION_TIME_KEY]: new Date().toISOString() });

  /** The image of the position shown, as a PNG or SVG blob. @param {string} format @returns {Promise<Blob>} */
  const imageBlob = async (format) => {
    if (format === "svg") return new Blob([svgWithMetadata(app.svg(), entries())], { type: "image/svg+xml" });
    const board = document.createElement("canvas");
    app.drawImage(board, 2);
    // the caption in a strip under the board
    const canvas = document.createElement("canvas");
    canvas.width = board.width;
    canvas.height = board.height + CAPTION_PX * 2;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error(t("share.image-failed"));
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(board, 0, 0);
    ctx.fillStyle = "#1d2b3a";
    ctx.font = `${13 * 2}px system-ui, sans-serif`;
    ctx.textBaseline = "middle";
    ctx.fillText(caption(), 16, board.height + CAPTION_PX, canvas.width - 32);
    /** @type {Blob} */
    const png = await new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(t("share.image-failed")))), "image/png"));
    return new Blob([pngWithText(new Uint8Array(await png.arrayBuffer()), entries())], { type: "image/png" });
  };

  /** The chosen format, as the menu lists it. */
  const chosen = () => {
    const f = formats.find((x) => x.name === menu.value);
    if (!f) throw new Error(`unknown export format ${menu.value}`);
    return f;
  };

  const isImage = (/** @type {{ name: string }} */ f) => IMAGES.some((i) => i.name === f.name);

  button("export-png").addEventListener("click", async () => {
    try {
      const png = IMAGES[0];
      download(await imageBlob("png"), fileName(png));
      clearError("export");
      say(t("share.saved", { name: fileName(png) }));
    } catch (err) {
      showError(t("share.export-failed", { why: errorText(err) }), "export");
    }
  });

  button("export").addEventListener("click", async () => {
    try {
      const f = chosen();
      const blob = isImage(f) ? await imageBlob(f.name) : new Blob([app.exportText(f.name)], { type: f.mediaType });
      download(blob, fileName(f));
      clearError("export"); // an export that failed before is over
      say(t("share.saved", { name: fileName(f) }));
    } catch (err) {
      showError(t("share.export-failed", { why: errorText(err) }), "export");
    }
  });

  button("export-copy").addEventListener("click", async () => {
    try {
      const f = chosen();
      const copied = isImage(f) ? await imageToClipboard(f.name) : await copyText(app.exportText(f.name));
      if (copied) clearError("export");
      say(copied ? t("share.copied") : t("share.copy-failed"));
    } catch (err) {
      showError(t("share.export-failed", { why: errorText(err) }), "export");
    }
  });

  /** @param {string} format */
  async function imageToClipboard(format) {
    if (format === "svg") return copyText(svgWithMetadata(app.svg(), entries()));
    if (!window.ClipboardItem) return false;
    try {
      await navigator.clipboard.write([new ClipboardItem({ "image/png": imageBlob("png") })]);
      return true;
    } catch {
      return false;
    }
  }

  return {
    /**
     * Puts `link`, a link that could not be opened, in the Import window's box, to mend
     * and import: unless the box holds text the user typed or pasted (a file's, or an
     * earlier link kept so, gives way). Whether it did.
     * @param {string} link
     */
    keepInImport(link) {
      if (text.value.trim() && boxFrom === "typed") return false;
      reads++; // a file still being read does not replace it
      input("import-file").value = ""; // nor is a file named that the box no longer holds
      text.value = link;
      boxFrom = "kept";
      refusal = "";
      return true;
    },
  };
}
