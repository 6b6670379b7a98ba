// @ts-check
// Share, import, export: the copy-link button, the import dialog (paste or file), files
// dropped on the page, and the export menu (the engine's text formats, and images).

import { button, clearError, el, errorText, input, say, select, showError } from "./dom.js";
import { copyText, download } from "./files.js";

/** @typedef {import("./app.js").App} App */
/** @typedef {import("./app.js").Wasm} Wasm */

/** The images the page makes itself, after the engine's text formats in the menu. */
const IMAGES = [
  { name: "png", label: "Image (PNG)", extension: "png", mediaType: "image/png" },
  { name: "svg", label: "Image (SVG)", extension: "svg", mediaType: "image/svg+xml" },
];

/** @param {App} app @param {Wasm} wasm */
export function attachShare(app, wasm) {
  const dialog = el("import-dialog", HTMLDialogElement);
  const text = el("import-text", HTMLTextAreaElement);
  const problem = el("import-error", HTMLElement);
  const maxBytes = wasm.max_input_bytes();
  const formats = [...wasm.formats(), ...IMAGES];
  const menu = select("export-format");
  for (const f of formats) menu.append(new Option(f.label, f.name));

  /**
   * Reads `input`; replaces the game only when it is read without error.
   * @param {string} content @param {string} variant
   */
  const importText = (content, variant) => {
    const read = app.importText(content, variant);
    clearError();
    say(`Imported ${read.length} moves (${read.format}).${read.notes.length ? " " + read.notes.join("; ") + "." : ""}`);
  };

  button("copy-link").addEventListener("click", async () => {
    say((await copyText(app.link())) ? "Link copied: anyone who opens it sees this game." : "Copy failed: copy the page address instead.");
  });

  button("import-open").addEventListener("click", () => {
    problem.textContent = "";
    dialog.showModal();
    text.focus();
  });

  el("import-form", HTMLFormElement).addEventListener("submit", (e) => {
    const submitter = /** @type {HTMLButtonElement | null} */ (e.submitter);
    if (submitter && submitter.value !== "import") return; // Cancel closes the dialog
    e.preventDefault();
    if (!text.value.trim()) {
      problem.textContent = "Paste a game or choose a file first.";
      return;
    }
    try {
      importText(text.value, select("import-variant").value);
      dialog.close();
      text.value = "";
      problem.textContent = "";
    } catch (err) {
      problem.textContent = `Not imported: ${errorText(err)}. Your game is unchanged.`;
    }
  });

  /** @param {File} file */
  const readFile = async (file) => {
    if (file.size > maxBytes) {
      throw new Error(`${file.name} is too large to be a game (${file.size} bytes; at most ${maxBytes >> 20} MB)`);
    }
    return file.text();
  };

  input("import-file").addEventListener("change", async (e) => {
    const file = /** @type {HTMLInputElement} */ (e.target).files?.[0];
    if (!file) return;
    try {
      text.value = await readFile(file);
      problem.textContent = "";
    } catch (err) {
      problem.textContent = errorText(err);
    }
  });

  // A file dropped anywhere on the page is imported at once; into the dialog, it fills it.
  document.addEventListener("dragover", (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes("Files")) e.preventDefault();
  });
  document.addEventListener("drop", async (e) => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    try {
      const content = await readFile(file);
      if (dialog.open) {
        text.value = content;
        problem.textContent = "";
      } else {
        importText(content, "");
      }
    } catch (err) {
      showError(`${file.name} could not be imported: ${errorText(err)}. Your game is unchanged.`);
    }
  });

  const fileStem = () => `morpion-${app.variant()}-${app.length()}`;

  /** The image of the position shown, as a PNG or SVG blob. @param {string} format @returns {Promise<Blob>} */
  const imageBlob = (format) => {
    if (format === "svg") return Promise.resolve(new Blob([app.svg()], { type: "image/svg+xml" }));
    const canvas = document.createElement("canvas");
    app.drawImage(canvas, 2);
    return new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the image could not be made"))), "image/png"));
  };

  /** The chosen format, as the menu lists it. */
  const chosen = () => {
    const f = formats.find((x) => x.name === menu.value);
    if (!f) throw new Error(`unknown export format ${menu.value}`);
    return f;
  };

  const isImage = (/** @type {{ name: string }} */ f) => IMAGES.some((i) => i.name === f.name);

  button("export").addEventListener("click", async () => {
    try {
      const f = chosen();
      const blob = isImage(f) ? await imageBlob(f.name) : new Blob([app.exportText(f.name)], { type: f.mediaType });
      download(blob, `${fileStem()}.${f.extension}`);
      say(`Saved ${fileStem()}.${f.extension} (${f.label}).`);
    } catch (err) {
      showError(`Export failed: ${errorText(err)}`);
    }
  });

  button("export-copy").addEventListener("click", async () => {
    try {
      const f = chosen();
      const copied = isImage(f) ? await imageToClipboard(f.name) : await copyText(app.exportText(f.name));
      say(copied ? `Copied (${f.label}).` : "Copy failed: use Download instead.");
    } catch (err) {
      showError(`Export failed: ${errorText(err)}`);
    }
  });

  /** @param {string} format */
  async function imageToClipboard(format) {
    if (format === "svg") return copyText(app.svg());
    if (!window.ClipboardItem) return false;
    try {
      await navigator.clipboard.write([new ClipboardItem({ "image/png": imageBlob("png") })]);
      return true;
    } catch {
      return false;
    }
  }
}
