// Replay, links, import and export in the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { address, morpion, openApp, playMoves, playOtherMove, RECORDS, score, tab, useBrowser } from "./support.mjs";

const PSOL = join(RECORDS, "5d-82-rosin.anagorko.psol");
const PSOL_TEXT = readFileSync(PSOL, "utf8");

const env = useBrowser();

test("a record from the library shows its score and replays step by step", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await tab(page, "records");
  const options = await page.getByTestId("records").locator("optgroup[label^='5T'] option").allTextContents();
  assert.ok(options.some((o) => /^178 moves · .*Rosin/.test(o)), options.join("\n"));
  assert.ok(await page.locator("#records-hint").isVisible(), "how records are stepped through, before one is chosen");
  await page.getByTestId("records").selectOption("5t-178-rosin");
  assert.equal(await score(page), 178);
  // said once, under the board, not again in the panel
  assert.match(await page.locator("#message").textContent(), /^Step through it with the buttons under the board/);
  assert.equal(await page.locator("#records-hint").isVisible(), false);
  assert.match(await page.locator("#gameover").textContent(), /178 moves/);
  await page.getByRole("button", { name: "Back to the start" }).click();
  assert.equal(await score(page), 0);
  await page.getByRole("button", { name: "Redo" }).click();
  await page.getByRole("button", { name: "Redo" }).click();
  assert.equal(await score(page), 2);
  await page.getByTestId("slider").fill("120");
  assert.equal(await score(page), 120);
  assert.match(await address(page), /#g=1\.5T\.178\..*&m=120$/, "the link says which move is shown");
  // Animation: play runs forward by itself, pause stops it.
  await page.getByRole("button", { name: "Replay the moves" }).click();
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=score]").textContent) >= 122);
  await page.getByRole("button", { name: "Pause the replay" }).click();
  const paused = await score(page);
  await page.waitForTimeout(700);
  assert.equal(await score(page), paused);
  // Continue playing from move 120: a new line of play.
  await page.getByTestId("slider").fill("120");
  await playMoves(page, 1);
  assert.equal(await score(page), 121);
  assert.match(await page.locator("#title").textContent(), /^(Your line from move 120 of )?5T · 178 moves · Christopher D\. Rosin/);
  const max = Number(await page.getByTestId("slider").getAttribute("max"));
  assert.ok(max === 121 || max === 178, `a new line of play ends at 121 (or keeps the record if it was its move): ${max}`);
  if (max === 178) {
    // that was the record's own move 121: take it back and play another
    await page.getByTestId("undo").click();
    const points = await page.evaluate(() => {
      const app = window.morpionApp;
      const r = document.querySelector("[data-testid=board]").getBoundingClientRect();
      const out = [];
      for (let y = -20; y <= 30; y++) for (let x = -20; x <= 30; x++) {
        if (app.choicesAt(x, y).length !== 1) continue;
        const [sx, sy] = app.view().screenOf(x, y);
        if (document.elementFromPoint(r.left + sx, r.top + sy)?.id === "board") out.push({ x: r.left + sx, y: r.top + sy });
      }
      return out;
    });
    for (const p of points.slice(0, 2)) {
      await page.mouse.click(p.x, p.y);
      if (await page.getByTestId("slider").getAttribute("max") === "121") break;
      await page.getByTestId("undo").click();
    }
  }
  assert.equal(await page.getByTestId("slider").getAttribute("max"), "121", "a move of one's own starts a new line");
  // the record is not lost: one click goes back to it, at the move the game left it
  assert.match(await page.locator("#message").textContent(), /now yours.*move 120/);
  assert.ok(await page.locator("#records-hint").isVisible(), "no record on the board: the panel says how to try one");
  // My games says where the line came from (its link does not), also once opened again from the list
  const mine = page.getByTestId("my-games").locator("li");
  assert.match(await mine.first().textContent(), /^121 moves · 5T · off the 178-move record at move 120 · .*open now$/);
  await page.getByTestId("back-to-record").click();
  assert.equal(await score(page), 120);
  assert.equal(await page.getByTestId("slider").getAttribute("max"), "178");
  assert.equal(await page.getByTestId("back-to-record").isVisible(), false);
  assert.equal(await page.locator("#message").textContent(), "Back at move 120, with all 178 moves of the game.");
  // said of that move: gone once the board leaves it
  await page.getByTestId("redo").click();
  assert.equal(await page.locator("#message").textContent(), "");
  const line = mine.first().locator("button.link-button");
  assert.match(await line.textContent(), /^121 moves · 5T · off the 178-move record at move 120 · /);
  assert.match(await line.getAttribute("title") ?? "", /^Your line from move 120 of 5T · 178 moves · Christopher D\. Rosin, 2011-08\n/);
  await line.click();
  assert.equal(await score(page), 121);
  await playMoves(page, 1);
  assert.match(await mine.first().textContent(), /^122 moves · 5T · off the 178-move record at move 120 · .*open now$/);
  // and its title is back under the board, after a reload too
  assert.match(await page.locator("#title").textContent(), /^Your line from move 120 of 5T · 178 moves · Christopher D\. Rosin/);
  await page.reload();
  await page.waitForSelector("body.ready");
  assert.equal(await score(page), 122);
  assert.match(await page.locator("#title").textContent(), /^Your line from move 120 of 5T · 178 moves · Christopher D\. Rosin/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link from `morpion convert --to link` opens the exact game, and the page makes the same link", async () => {
  const link = morpion("convert", "-v", "5D", "--to", "link", "--base", env.url, PSOL).trim();
  assert.ok(link.startsWith(`${env.url}#g=1.5D.82.`), link);
  const { page, errors, context } = await openApp(env.browser, `${link}&m=40`);
  assert.equal(await score(page), 40);
  assert.equal(await page.getByTestId("variant").inputValue(), "5D");
  assert.equal(await page.getByTestId("slider").getAttribute("max"), "82");
  assert.match(await page.locator("#title").textContent(), /Rosin/, "a record's link is recognised");
  assert.equal(await address(page), `${link}&m=40`);
  await page.getByRole("button", { name: "To the last move" }).click();
  assert.equal(await score(page), 82);
  assert.equal(await address(page), link, "all moves shown: the page's link is the command line's");
  // The moves are the record's, move for move.
  const csv = await page.evaluate(() => window.morpionApp.exportText("csv"));
  assert.equal(csv, morpion("convert", "-v", "5D", "--to", "csv", PSOL));
  // a move to show that is not one of the game's: the game opens at its end, and says why
  for (const m of ["83", "abc"]) {
    await page.evaluate((l) => window.morpionApp.openLink(l, "view"), `${link}&m=${m}`);
    assert.equal(await score(page), 82, `m=${m}`);
    assert.equal(await page.locator("#message").textContent(), "The link's move to show (m=) is not one of its game's 0 to 82: its last move is taken instead.");
    assert.equal(await page.getByTestId("error").isHidden(), true);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a damaged link says what is wrong, keeps the game the user had and the board usable", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 3);
  const good = morpion("convert", "-v", "5D", "--to", "link", "--base", env.url, PSOL).trim();
  const damaged = good.slice(0, good.length - 20) + (good.at(-20) === "A" ? "B" : "A") + good.slice(good.length - 19);
  await page.goto(damaged);
  await page.waitForSelector("body.ready");
  const alert = page.getByRole("alert").filter({ hasText: "could not be opened" });
  await alert.waitFor();
  assert.match(await alert.textContent(), /damaged link.*The link is kept in Share › Import…, to mend and import\./);
  assert.equal(await score(page), 3, "the last game is back");
  // the damaged link is not lost with the address: it waits in the Import window
  assert.equal(await page.getByTestId("import-text").inputValue(), damaged);
  await playMoves(page, 1);
  assert.equal(await score(page), 4, "the board still plays");
  assert.ok(await alert.isHidden(), "playing on ends the alert about the link");
  // A foreign link typed into the address bar of the open page.
  await page.evaluate(() => { location.hash = "g=9.5T.1.AAA.AAAAA"; });
  await page.waitForFunction(() => !document.getElementById("error").hidden
    && /version/.test(document.getElementById("error").textContent));
  assert.equal(await score(page), 4);
  assert.match(await address(page), /#g=1\.5T\.4\./, "the address carries the game again");
  assert.match(await page.getByTestId("import-text").inputValue(), /#g=9\.5T\.1\.AAA\.AAAAA$/, "kept to mend too");
  // text the user typed into the Import window stays: a bad link then is not kept there
  await tab(page, "share");
  await page.getByRole("button", { name: "Import…" }).click();
  await page.getByTestId("import-text").fill("(28,28)\n");
  await page.locator("#import-dialog").getByRole("button", { name: "Cancel" }).click();
  await page.evaluate(() => { location.hash = "g=9.5T.2.AAA.AAAAA"; });
  await page.waitForFunction(() => /g=9\.5T\.2/.test(location.href) === false && !document.getElementById("error").hidden);
  assert.equal(await page.getByTestId("import-text").inputValue(), "(28,28)\n");
  assert.doesNotMatch(await page.getByTestId("error").textContent(), /kept in Share/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a Pentasol game pasted into the import dialog is imported; bad text, a text of no move and a variant the text contradicts are refused, saying why; where the text says no variant, where to choose one is said", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 1);
  await tab(page, "share");
  await page.getByRole("button", { name: "Import…" }).click();
  await page.getByTestId("import-text").fill("(3,4) 2\nthis is not a game");
  await page.getByTestId("import-go").click();
  const problem = page.locator("#import-error");
  assert.match(await problem.textContent(), /^Not imported: Flammenkamp's notation, line 1: expected a direction glyph \(- \| \\ \/\), found the end of the line\. Your game is unchanged\.$/, "the format by its name, as the French says it");
  assert.equal(await score(page), 1, "nothing the user had is lost");
  await page.getByTestId("import-text").fill(readFileSync(PSOL, "utf8"));
  await page.locator("#import-variant").selectOption("5D");
  await page.getByTestId("import-go").click();
  assert.equal(await score(page), 82);
  assert.equal(await page.getByTestId("variant").inputValue(), "5D");
  assert.match(await page.locator("#message").textContent(), /^Imported 82 moves, read as Pentasol\./);
  // a text of no move (a Pentasol file's first line alone) is no game to import
  await page.getByRole("button", { name: "Import…" }).click();
  await page.getByTestId("import-text").fill("(28,28)\n");
  await page.locator("#import-variant").selectOption("");
  await page.getByTestId("import-go").click();
  assert.match(await problem.textContent(), /^Not imported: the text holds no move \(Pentasol\): "New game" starts an empty one\. Your game is unchanged\.$/);
  assert.equal(await score(page), 82);
  // a Pentasol text says no variant: read as 5T, and where to choose another is said
  await page.getByTestId("import-text").fill(readFileSync(join(RECORDS, "5t-178-rosin-variant.anagorko.psol"), "utf8"));
  await page.getByTestId("import-go").click();
  assert.equal(await score(page), 178);
  assert.match(await page.locator("#message").textContent(), /Pentasol does not record the variant: read as 5T \(for another, choose it in the Import window's Variant menu/);
  // a text that records its variant (MSR), read in another: the clash is said
  await page.getByRole("button", { name: "Import…" }).click();
  await page.getByTestId("import-text").fill(readFileSync(join(RECORDS, "5t-178-rosin.sjourdois.msr.json"), "utf8"));
  await page.locator("#import-variant").selectOption("5D");
  await page.getByTestId("import-go").click();
  assert.match(await problem.textContent(), /is illegal in 5D.*; the text says 5T, and the Variant menu asked for 5D\. Your game is unchanged\.$/);
  assert.equal(await score(page), 178);
  await page.getByRole("button", { name: "Cancel" }).click();
  // Back returns to the games before the imports.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "82");
  await page.goBack();
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "1");
  // a link pasted there is said to be one ("read as Link" said nothing)
  await page.getByRole("button", { name: "Import…" }).click();
  await page.getByTestId("import-text").fill(morpion("convert", "-v", "5D", "--to", "link", "--base", env.url, PSOL).trim());
  await page.locator("#import-variant").selectOption("");
  await page.getByTestId("import-go").click();
  assert.equal(await page.locator("#message").textContent(), "Imported 82 moves from a link.");
  assert.deepEqual(errors, []);
  await context.close();
});

test("in French, the engine's errors and notes are French too: a damaged link, bad text, an illegal move, the variant assumed, an export refused", async () => {
  const { page, errors, context } = await openApp(env.browser, `${env.url}?lang=fr#g=1.5T.3.AAAA.zz`);
  // French puts a no-break space before ":" and inside « »: read as plain spaces here
  const words = async (locator) => (await locator.textContent()).replace(/\u00a0/g, " ");
  assert.match(await words(page.locator("#error-text")), /^Ce lien n'a pas pu être ouvert : lien abîmé : il reste des caractères après le dernier coup\. Une nouvelle partie/);
  await playMoves(page, 1);
  await tab(page, "share");
  await page.getByRole("button", { name: "Importer…" }).click();
  const problem = page.locator("#import-error");
  const said = {
    "(3,4) 2\nthis is not a game": /^Rien n'a été importé : notation de Flammenkamp, ligne 1 : il fallait un signe de direction \(- \| \\ \/\), et le texte donne la fin de la ligne\./,
    // Pentasol moves without their reference line
    "(3,4) - 2\n": /^Rien n'a été importé : Pentasol, ligne 1 : un texte Pentasol commence par le point de référence seul, comme \(28,28\) \(manque-t-il \?\)\./,
    // the game's second move written twice
    [PSOL_TEXT.replace(/\n([^\n]+\n)([^\n]+\n)/, "\n$1$1$2")]:
      /^Rien n'a été importé : Pentasol, ligne 3 : le coup 2, \(27,27\) \/ 0, est illégal en 5D : le nouveau point \(27,27\) est déjà sur le plateau\./,
    // JSON the reader refuses, in the page's words, not serde's English
    '{"variant": "5D", "moves": [1]}': /^Rien n'a été importé : MSR JSON \(morpion-solitaire\.io\), coup 1 \(ligne 1, colonne 29\) : il faut ici un objet \{ \}, pas un nombre\./,
    '{"variant": "5D", "moves": [{"x": 3, "y": -1,': /^Rien n'a été importé : MSR JSON \(morpion-solitaire\.io\), ligne 1, colonne 45 : le JSON s'arrête trop tôt \(le texte a-t-il été coupé \?\)/,
  };
  for (const [text, expected] of Object.entries(said)) {
    await page.getByTestId("import-text").fill(text);
    await page.locator("#import-variant").selectOption("5D");
    await page.getByTestId("import-go").click();
    assert.match(await words(problem), expected);
  }
  // an image the page's own reader refuses (a damaged PNG), also said again by Import
  const damaged = join(tmpdir(), "damaged-fr.png");
  writeFileSync(damaged, Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex")); // cut inside its header chunk
  await page.getByTestId("import-text").fill("");
  await page.getByTestId("import-file").setInputFiles(damaged);
  await page.waitForFunction(() => document.getElementById("import-error").textContent.length > 0);
  assert.equal(await words(problem), "l'image PNG est tronquée : son bloc IHDR à l'octet 8 annonce 13 octets de données, plus que n'en contient le fichier");
  await page.getByTestId("import-go").click();
  assert.match(await words(problem), /^l'image PNG est tronquée/);
  assert.equal(await score(page), 1, "nothing the user had is lost");
  await page.getByTestId("import-text").fill(PSOL_TEXT);
  await page.locator("#import-variant").selectOption("");
  await page.getByTestId("import-go").click();
  assert.match(
    await words(page.locator("#message")),
    /^82 coups importés, lus au format Pentasol\. Pentasol n'enregistre pas la variante : lu en 5T \(pour une autre, choisissez-la dans le menu Variante de la fenêtre d'import/,
  );
  // an export the format cannot write: a 4T game in Pentasol
  await tab(page, "play");
  await page.getByTestId("variant").selectOption("4T");
  await tab(page, "share");
  await page.locator("#export-format").selectOption("pentasol");
  // said before anything is pressed, and neither Download nor Copy offered
  assert.equal(
    await words(page.getByTestId("export-note")),
    "Impossible en Pentasol : ce format est fait pour des lignes de 5 points, et cette partie est en 4T (exportez en MSR JSON, en CSV, en lien ou en image).",
  );
  assert.deepEqual([await page.locator("#export").isDisabled(), await page.locator("#export-copy").isDisabled()], [true, true]);
  // a format that holds it: offered again, the note gone
  await page.locator("#export-format").selectOption("csv");
  assert.deepEqual([await page.locator("#export").isDisabled(), await page.getByTestId("export-note").isHidden()], [false, true]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the import dialog: a refused file leaves no other file's game to import by mistake, typed text stays, a file can be chosen again", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 2);
  await tab(page, "share");
  const open = () => page.getByRole("button", { name: "Import…" }).click();
  const cancel = () => page.locator("#import-dialog").getByRole("button", { name: "Cancel", exact: true }).click();
  const box = page.getByTestId("import-text");
  const chooser = page.getByTestId("import-file");
  const problem = page.locator("#import-error");
  const refused = join(tmpdir(), "no-game.png");
  writeFileSync(refused, Buffer.from("89504e470d0a1a0a0000000049454e44ae426082", "hex")); // a broken PNG
  const file = join(tmpdir(), "game.psol");
  writeFileSync(file, readFileSync(PSOL));
  const refuse = async () => {
    await page.evaluate(() => { document.getElementById("import-error").textContent = ""; });
    await chooser.setInputFiles(refused);
    await page.waitForFunction(() => /not a PNG image/.test(document.getElementById("import-error").textContent));
  };
  // a file read into the box, then a refused file: the box is emptied
  await open();
  await chooser.setInputFiles(file);
  await page.waitForFunction(() => document.querySelector("[data-testid=import-text]").value.length > 0);
  await refuse();
  assert.equal(await box.inputValue(), "", "nothing of the first file is left to import");
  await problem.evaluate((e) => { e.textContent = ""; });
  await page.getByTestId("import-go").click();
  assert.match(await problem.textContent(), /^not a PNG image \(its first chunk is not a valid IHDR\)$/, "Import says again why the file was refused");
  assert.equal(await score(page), 2, "nothing was imported");
  // the dialog opened again: nothing chosen since, nothing typed
  await cancel();
  await open();
  await page.getByTestId("import-go").click();
  assert.match(await problem.textContent(), /Paste a game or choose a file first/);
  // typed or pasted text is the user's: a refused file leaves it
  const typed = morpion("convert", "-v", "5D", "--to", "link", PSOL).trim();
  await box.fill(typed);
  await refuse();
  assert.equal(await box.inputValue(), typed);
  // Import right after the refusal: the user meant the file, so it is said again, with what
  // the box holds; a second press imports the text
  await page.getByTestId("import-go").click();
  assert.match(await problem.textContent(), /^Not a PNG image \(.*\)\. The box still holds the text from before the file: Import again imports that text\.$/);
  assert.equal(await score(page), 2, "the older text was not imported");
  await page.getByTestId("import-go").click();
  assert.equal(await score(page), 82, "the second press imports the text");
  await page.goBack();
  await page.waitForFunction(() => window.morpionApp.length() === 2);
  await open();
  assert.equal(await box.inputValue(), "");
  await cancel();
  // a file imported, then the dialog opened again: the chooser is empty, so the same file counts again
  await open();
  await chooser.setInputFiles(file);
  await page.waitForFunction(() => document.querySelector("[data-testid=import-text]").value.startsWith("("));
  await page.locator("#import-variant").selectOption("5D");
  await page.getByTestId("import-go").click();
  assert.equal(await score(page), 82);
  await open();
  assert.equal(await chooser.evaluate((i) => i.files.length), 0, "the chooser names no file from before");
  assert.equal(await box.inputValue(), "");
  const accept = (await chooser.getAttribute("accept")).split(",");
  assert.ok(accept.includes(".psol") && accept.includes(".pentasol"), "Pentasol's own extensions are offered");
  assert.deepEqual(errors, []);
  await context.close();
});

test("playing on ends an alert about a link or an export, not one about a search", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const alert = page.getByTestId("error");
  const show = (text, kind) => page.evaluate(async ([text, kind]) => (await import("./js/dom.js")).showError(text, kind), [text, kind]);
  await show("The search failed: a test.", "other");
  await playMoves(page, 1);
  assert.ok(await alert.isVisible(), "a search's failure stays until closed");
  await show("Export failed: a test.", "export");
  await playMoves(page, 1);
  assert.ok(await alert.isHidden(), "playing on ends an export's alert");
  assert.deepEqual(errors, []);
  await context.close();
});

test("an MS1 string and a dropped file are imported too", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const ms1 = morpion("convert", "-v", "5D", "--to", "msr", PSOL).trim();
  await tab(page, "share");
  await page.getByRole("button", { name: "Import…" }).click();
  await page.getByTestId("import-text").fill(ms1);
  await page.getByTestId("import-go").click();
  assert.equal(await score(page), 82);
  const json = morpion("convert", "--to", "msr-json", join(RECORDS, "4t-62-hyyroporanen.sjourdois.msr.json"));
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "game.json", { type: "application/json" }));
    return dt;
  }, json);
  await page.dispatchEvent("body", "drop", { dataTransfer });
  await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "62");
  assert.equal(await page.getByTestId("variant").inputValue(), "4T");
  assert.deepEqual(errors, []);
  await context.close();
});

test("exports: Pentasol and MSR text round-trip through the command line; PNG and SVG are images", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5d-82-rosin");
  const save = async (format) => {
    await tab(page, "share");
    await page.locator("#export-format").selectOption(format);
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#export").click()]);
    return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
  };
  const psol = await save("pentasol");
  assert.equal(psol.name, "morpion-5D-82-pentasol.txt");
  assert.equal((await save("flammenkamp")).name, "morpion-5D-82-flammenkamp.txt", "the .txt formats get distinct names");
  const moves = (t) => t.split("\n").filter((l) => !l.startsWith("#")).join("\n");
  assert.match(psol.bytes.toString(), /^# Morpion Solitaire 5D, 82 moves, Christopher D. Rosin/, "the header names the player");
  assert.equal(moves(psol.bytes.toString()), moves(morpion("convert", "-v", "5D", "--to", "pentasol", PSOL)));
  const msr = await save("msr-json");
  assert.equal(JSON.parse(msr.bytes.toString()).moves.length, 82);
  const png = await save("png");
  assert.deepEqual([...png.bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], "a PNG file");
  assert.ok(png.bytes.length > 5000);
  assert.equal(png.name, "morpion-5D-82.png");
  const svg = await save("svg");
  assert.equal(svg.name, "morpion-5D-82.svg");
  assert.match(svg.bytes.toString(), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((svg.bytes.toString().match(/<line /g) || []).length >= 82, true);
  assert.match(svg.bytes.toString(), /<title>5D – lines of five, no touching · 82 moves · .*Rosin/, "the SVG says what it shows");
  // each image carries its game: importing it opens the same game, even after a new game
  const link = await address(page);
  for (const image of [png, svg]) {
    await page.getByTestId("variant").selectOption("5T");
    assert.equal(await page.getByTestId("score").textContent(), "0");
    const file = join(tmpdir(), image.name);
    writeFileSync(file, image.bytes);
    await page.getByRole("button", { name: "Import…" }).click();
    await page.getByTestId("import-file").setInputFiles(file);
    await page.waitForFunction(() => document.querySelector("[data-testid=import-text]").value.includes("#g="));
    await page.getByTestId("import-go").click();
    await page.waitForFunction(() => document.querySelector("[data-testid=score]").textContent === "82");
    assert.equal(await address(page), link, `the ${image.name} opens the game it shows`);
    const kind = image.name.endsWith(".png") ? "PNG" : "SVG";
    assert.match(await page.locator("#message").textContent(), new RegExp(`^Imported 82 moves from an image made here \\(${kind}\\)\\.`), "said to come from the image, not from a 'link'");
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("what the page lists comes from the engine: every export format (CSV too), the records as the command line labels them, the board's palette", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await tab(page, "share");
  const formats = await page.locator("#export-format option").evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(formats, ["pentasol", "flammenkamp", "msr-json", "msr", "link", "csv", "png", "svg"]);
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5d-82-rosin");
  await tab(page, "share");
  await page.locator("#export-format").selectOption("csv");
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#export").click()]);
  assert.equal(download.suggestedFilename(), "morpion-5D-82.csv");
  assert.equal(readFileSync(await download.path(), "utf8"), morpion("convert", "-v", "5D", "--to", "csv", PSOL));
  // at the last move, nothing more to say; short of it, what each kind of export holds
  const note = page.getByTestId("export-note");
  assert.equal(await note.isHidden(), true);
  await page.evaluate(() => window.morpionApp.goTo(40));
  assert.equal(await note.textContent(), "At move 40 of 82: a text format holds the whole game, 82 moves (a link opens at move 40); an image shows the board at move 40.");
  const [text] = await Promise.all([page.waitForEvent("download"), page.locator("#export").click()]);
  assert.equal(text.suggestedFilename(), "morpion-5D-82.csv", "the whole game");
  await page.locator("#export-format").selectOption("png");
  const [png] = await Promise.all([page.waitForEvent("download"), page.locator("#export").click()]);
  assert.equal(png.suggestedFilename(), "morpion-5D-40.png", "the board at move 40");
  await page.evaluate(() => window.morpionApp.goTo(82));
  assert.equal(await note.isHidden(), true);
  // MSR of a game morpion-solitaire.io does not play is written, and said so before
  await page.locator("#export-format").selectOption("msr-json");
  assert.equal(await note.isHidden(), true, "it plays 5D");
  await page.getByTestId("variant").selectOption("6T");
  await tab(page, "share");
  assert.equal(await note.textContent(), "The site morpion-solitaire.io will not read this game: it plays 5T, 5D, 4T and 4D from the cross, and this one is 6T (this program reads it back).");
  await page.locator("#export-format").selectOption("link");
  assert.equal(await note.isHidden(), true, "a link is this program's");
  await tab(page, "records");
  await page.getByTestId("records").selectOption("5d-82-rosin");
  await tab(page, "share");
  await page.locator("#export-format").selectOption("msr-json");
  assert.equal(await note.isHidden(), true, "back to a 5D game: nothing to say");
  // the record menu's line, under its variant's heading, is the command line's label
  await tab(page, "records");
  const option = page.locator("[data-testid=records] option[value='5t-178-rosin']");
  const [heading, line] = await option.evaluate((o) => [o.parentElement.getAttribute("label"), o.textContent]);
  assert.equal(`5t-178-rosin: ${/^\w+/.exec(heading)[0]} · ${line}`, morpion("records", "5t-178-rosin").split("\n")[0]);
  assert.equal(await page.locator("#title").textContent(), "5D · 82 moves · Christopher D. Rosin, 2010-08", "the game's title says it whole, its variant too");
  // the board area behind the canvas has the engine's background colour (as its SVG export)
  const [css, svg] = await page.evaluate(() => [
    getComputedStyle(document.querySelector(".board-wrap")).backgroundColor,
    window.morpionApp.svg(),
  ]);
  const hex = svg.match(/<rect [^>]*fill="#([0-9a-f]{6})"/)[1];
  const rgb = `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  assert.equal(css, rgb);
  assert.deepEqual(errors, []);
  await context.close();
});

test("copy link puts the page's link on the clipboard", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.url });
  await tab(page, "records");
  await page.getByTestId("records").selectOption("4d-35-hyyroporanen");
  await tab(page, "share");
  await page.getByTestId("copy-link").click();
  await page.waitForFunction(() => /Link copied/.test(document.getElementById("message").textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await address(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a friend's link or a record looked at in another tab does not replace the game played by hand, nor does its own next move played; a move of one's own in it does", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 2);
  const mine = await address(page);
  // a friend's link, opened in another tab and stepped through
  const link = morpion("convert", "-v", "5D", "--to", "link", "--base", env.url, PSOL).trim();
  const { page: other, errors: otherErrors } = await openApp(env.browser, link, { context });
  await other.getByRole("button", { name: "Back to the start" }).click();
  await other.getByRole("button", { name: "Redo" }).click();
  assert.equal(await score(other), 1);
  // and a record, from the records menu
  await tab(other, "records");
  await other.getByTestId("records").selectOption("5t-178-rosin");
  assert.equal(await score(other), 178);
  // the bare address opens the user's own game, where they left it
  const { page: again, errors: againErrors } = await openApp(env.browser, env.url, { context });
  assert.equal(await score(again), 2, "the game played by hand is the one kept");
  assert.equal(await address(again), mine);
  // the record's own next move is a step through it, as Redo is: nothing of the user's
  await other.getByRole("button", { name: "Back to the start" }).click();
  await playMoves(other, 1); // the first point in reading order: Rosin's first move, (3,-1)
  assert.equal(await score(other), 1);
  assert.equal(await other.getByTestId("slider").getAttribute("max"), "178", "the record's own move");
  await again.goto(env.url);
  await again.waitForSelector("body.ready");
  assert.equal(await score(again), 2, "still the game played by hand");
  // a move of one's own in a record makes it the user's: it is kept from then on
  await other.getByRole("button", { name: "Back to the start" }).click();
  await playOtherMove(other);
  const branch = await address(other);
  await again.goto(env.url);
  await again.waitForSelector("body.ready");
  assert.equal(await score(again), 1);
  assert.equal(await address(again), branch);
  // and stepping back in one's own game is kept too (a reload opens it where it was left)
  await other.getByRole("button", { name: "Undo" }).click();
  await again.goto(env.url);
  await again.waitForSelector("body.ready");
  assert.equal(await score(again), 0);
  assert.deepEqual([...errors, ...otherErrors, ...againErrors], []);
  await context.close();
});

test("back to the user's own line after branching off it: that line is the game kept", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 3);
  const line = await address(page);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await playOtherMove(page); // in the middle, not the line's next move
  assert.equal(await score(page), 2);
  assert.match(await page.locator("#message").textContent(), /now yours from move 1; the game you left had 3 moves/, "a branch");
  assert.equal(await page.getByRole("button", { name: "Back to that game" }).innerText(), "Back to that game", "a wide window says it in full");
  await page.getByTestId("back-to-record").click();
  const back = await address(page);
  assert.equal(back.replace(/&m=\d+$/, ""), line, "the line left, at the move it was left");
  const { page: other, errors: otherErrors } = await openApp(env.browser, env.url, { context });
  assert.equal(await address(other), back, "the line gone back to is the one kept");
  assert.deepEqual([...errors, ...otherErrors], []);
  await context.close();
});

test("My games keeps each game of the user's: opened again from the list, taken off and brought back, and the last on the board opens on a visit without a link", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  await playMoves(page, 2);
  const first = await address(page);
  await page.locator("#new-game").click();
  await playMoves(page, 1);
  await tab(page, "records");
  const items = page.getByTestId("my-games").locator("li");
  // each entry's moves and variant, and which is on the board (not the time: another tab
  // may write it again meanwhile)
  const listed = async (/** @type {import("playwright").Page} */ p) => (await p.getByTestId("my-games").locator("li").allTextContents())
    .map((s) => `${s.split(" · ").slice(0, 2).join(" · ")}${s.endsWith("open now") ? " (open now)" : ""}`);
  assert.equal(await items.count(), 2, "a new game does not replace the one before");
  assert.match(await items.nth(0).textContent(), /^1 move · 5T · .*open now$/);
  assert.match(await items.nth(1).textContent(), /^2 moves · 5T · /);
  // opened again from the list: the game and the move it was left at
  await items.nth(1).getByRole("button", { name: /2 moves/ }).click();
  assert.equal(await score(page), 2);
  assert.equal(await address(page), first);
  assert.match(await items.nth(0).textContent(), /^2 moves .*open now$/, "now the one open");
  // the other taken off, and brought back in its place
  await items.nth(1).getByRole("button", { name: "Take the 1-move game off the list" }).click();
  assert.equal(await items.count(), 1);
  assert.equal(await page.locator("#my-games-undo-text").textContent(), "Took the 1-move game off the list.");
  await page.getByTestId("my-games-restore").click();
  assert.equal(await items.count(), 2);
  assert.match(await items.nth(1).textContent(), /^1 move · /);
  // a visit without a link opens the last on the board; the list is the same in another tab
  const { page: again, errors: againErrors } = await openApp(env.browser, env.url, { context });
  assert.equal(await score(again), 2);
  await tab(again, "records");
  assert.deepEqual(await listed(again), await listed(page));
  assert.deepEqual([...errors, ...againErrors], []);
  await context.close();
});

test("My games: a move taken back and played otherwise goes on in the same game; a branch further back is another game, and the line left stays listed", async () => {
  const { page, errors, context } = await openApp(env.browser, env.url);
  const items = page.getByTestId("my-games").locator("li");
  await playMoves(page, 3);
  await page.getByRole("button", { name: "Undo" }).click();
  await playOtherMove(page); // not the move taken back
  await tab(page, "records");
  assert.equal(await items.count(), 1, "one game still");
  assert.match(await items.nth(0).textContent(), /^3 moves · /);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await playOtherMove(page);
  assert.equal(await items.count(), 2, "the branch and the line left");
  assert.match(await items.nth(0).textContent(), /^2 moves · .*open now$/);
  assert.match(await items.nth(1).textContent(), /^3 moves · /);
  assert.deepEqual(errors, []);
  await context.close();
});
