#!/usr/bin/env node
// A static file server for the built app (dist/), with the cross-origin isolation headers
// the search needs. It shows that dist/ works from any static server that sends them, and
// the browser tests use it.
//
//   node scripts/serve-static.mjs [dir] [--port 8080] [--host 127.0.0.1] [--no-isolation]

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** Starts serving `dir`; resolves to the http.Server once it listens (port 0: any free port). */
export function serve(dir, { port = 8080, host = "127.0.0.1", isolation = true } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const headers = { "Cache-Control": "no-cache" };
    if (isolation) {
      headers["Cross-Origin-Opener-Policy"] = "same-origin";
      headers["Cross-Origin-Embedder-Policy"] = "require-corp";
    }
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error(), { code: "ENOENT" });
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, { ...headers, "Content-Type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === "ENOENT" || e.code === "EISDIR" ? 404 : 500, { ...headers, "Content-Type": "text/plain" });
      res.end(e.code === "ENOENT" ? "not found\n" : "error\n");
    }
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : fallback;
  };
  const port = Number(opt("--port", "8080"));
  const host = opt("--host", "127.0.0.1");
  const isolation = !args.includes("--no-isolation");
  const dir = args.filter((a) => !a.startsWith("--"))[0] || "dist";
  serve(dir, { port, host, isolation }).then(
    (s) => console.log(`Serving ${dir} at http://${host}:${s.address().port}/${isolation ? "" : " (not cross-origin isolated)"}`),
    (e) => {
      console.error(`cannot serve on ${host}:${port}: ${e.message}`);
      process.exit(1);
    },
  );
}
