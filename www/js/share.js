// Share, import, export: the copy-link button, the import dialog (paste or file), files
// dropped on the page, and the export menu (text formats and images).

import { $, clearError, errorText, say, showError } from "./app.js";
import { copyText, download } from "./files.js";
import { linkBase } from "./saved.js";

const EXTENSIONS = {
  pentasol: ["txt", "text/plain"],
  flammenkamp: ["txt", "text/plain"],
  "msr-json": ["json", "application/json"],
  msr: ["txt", "text/plain"],
  link: ["txt", "text/plain"],
};

/** Files larger than this are not games: refuse them before reading. */
const MAX_FILE_BYTES = 2_000_000;

export function attachShare(app) {
  const dialog = $("import-dialog");
  const text = $("import-text");
  const problem = $("import-error");

  /** Reads `input`; replaces the game only when it is read without error. */
  const importText = (input, variant) => {
    const game = app.wasm.Game.import(input, variant);
    app.stopReplay();
    const notes = game.notes();
    const format = game.format();
    app.setGame(game, "new");
    clearError();
    say(`Imported ${game.length()} moves (${format}).${notes.length ? " " + notes.join("; ") + "." : ""}`);
  };

  $("copy-link").addEventListener("click", async () => {
    const link = app.game.link(linkBase());
    say((await copyText(link)) ? "Link copied: anyone who opens it sees this game." : "Copy failed: copy the page address instead.");
  });

  $("import-open").addEventListener("click", () => {
    problem.textContent = "";
    dialog.showModal();
    text.focus();
  });

  $("import-form").addEventListener("submit", (e) => {
    if (e.submitter && e.submitter.value !== "import") return; // Cancel closes the dialog
    e.preventDefault();
    if (!text.value.trim()) {
      problem.textContent = "Paste a game or choose a file first.";
      return;
    }
    try {
      importText(text.value, $("import-variant").value);
      dialog.close();
      text.value = "";
      problem.textContent = "";
    } catch (err) {
      problem.textContent = `Not imported: ${errorText(err)}. Your game is unchanged.`;
    }
  });

  const readFile = async (file) => {
    if (file.size > MAX_FILE_BYTES) throw new Error(`${file.name} is too large to be a game (${file.size} bytes)`);
    return file.text();
  };

  $("import-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
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
    const file = e.dataTransfer && e.dataTransfer.files[0];
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

  const fileStem = () => `morpion-${app.game.variant()}-${app.game.length()}`;

  const imageBlob = (format) => {
    const style = { ...app.style, hints: false, grid: true };
    if (format === "svg") {
      return Promise.resolve(new Blob([app.game.svg(style, 28)], { type: "image/svg+xml" }));
    }
    const canvas = document.createElement("canvas");
    app.wasm.draw_image(canvas, app.game, style, 28, 2);
    return new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the image could not be made"))), "image/png"));
  };

  $("export").addEventListener("click", async () => {
    const format = $("export-format").value;
    try {
      if (format === "png" || format === "svg") {
        download(await imageBlob(format), `${fileStem()}.${format}`);
      } else {
        const [ext, type] = EXTENSIONS[format];
        download(new Blob([app.game.export(format, linkBase())], { type }), `${fileStem()}.${ext}`);
      }
      say(`Saved ${fileStem()} (${format}).`);
    } catch (err) {
      showError(`Export failed: ${errorText(err)}`);
    }
  });

  $("export-copy").addEventListener("click", async () => {
    const format = $("export-format").value;
    try {
      const out = format === "png" || format === "svg"
        ? await imageToClipboard(format)
        : await copyText(app.game.export(format, linkBase()));
      say(out ? `Copied (${format}).` : "Copy failed: use Download instead.");
    } catch (err) {
      showError(`Export failed: ${errorText(err)}`);
    }
  });

  async function imageToClipboard(format) {
    if (format === "svg") return copyText(app.game.svg({ ...app.style, hints: false }, 28));
    if (!window.ClipboardItem) return false;
    try {
      await navigator.clipboard.write([new ClipboardItem({ "image/png": imageBlob("png") })]);
      return true;
    } catch {
      return false;
    }
  }
}
