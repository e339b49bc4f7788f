#!/usr/bin/env node
// Readability + Turndown over the 990 pages of the trafilatura-eval set, timed the way htmlmd-baseline.js times
// the 40 readability pages, so SegmentPagesBenchmark has a reference: the same pipeline (jsdom parse, Readability
// with the same options, the Turndown instance htmlmd-baseline.js builds), one cold pass, then REPS warm passes;
// per-page time is the median of a page's warm passes, total the sum of those medians.
//
// Usage, from the repository root with ../shared beside it (HTMLMD_DIR = the folder where the pinned npm packages
// of ../shared/bench/htmlmd/package.json are installed, see its README):
//   HTMLMD_DIR=/tmp/htmlmd node benchmarks/node/segment-pages-baseline.js [reps]
"use strict";
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const { performance } = require("perf_hooks");
const { createRequire } = require("module");
const shared = path.resolve(__dirname, "..", "..", "..", "shared");
const B = require(path.join(shared, "bench", "htmlmd", "htmlmd-baseline.js"));
const req = createRequire(path.join(path.resolve(process.env.HTMLMD_DIR || process.cwd()), "package.json"));
const { JSDOM } = req("jsdom");
const { Readability } = req("@mozilla/readability");
const turndown = B.makeTurndown();
const dir = path.join(shared, "corpus", "trafilatura-eval", "pages");
const REPS = parseInt(process.argv[2] || "3", 10);

// The pages are undecoded bytes. Decode as a browser would without a Content-Type (a <meta> charset in the first
// 4 KB, else UTF-8), so jsdom gets the same text Loadout's HtmlCharsets gives the Java side.
function decode(bytes) {
  const head = bytes.subarray(0, 4096).toString("latin1");
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  try {
    return new TextDecoder(m ? m[1] : "utf-8").decode(bytes);
  } catch (unknownLabel) {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
const allFiles = fs.readdirSync(dir).filter((f) => f.endsWith(".html.gz")).sort();
// jsdom keeps memory after window.close() (8 GB were not enough for one process over the 990 pages), so the parent
// runs the pages in chunks of CHUNK, each in a child process of its own: a cold pass over the chunk (the warm-up),
// then the warm passes, as htmlmd-baseline.js does for its 40 pages; the parent adds up the per-page medians.
const CHUNK = 110;
if (!process.env.SEGMENT_CHUNK) {
  const { spawnSync } = require("child_process");
  const all = [];
  let failedAll = 0, coldAll = 0;
  for (let from = 0; from < allFiles.length; from += CHUNK) {
    const r = spawnSync(process.execPath, [...process.execArgv, __filename, String(REPS)], {
      env: { ...process.env, SEGMENT_CHUNK: String(from) }, encoding: "utf8", maxBuffer: 64 << 20,
    });
    const line = r.stdout.trim().split("\n").pop();
    const part = JSON.parse(line);
    all.push(...part.medians);
    failedAll += part.failed;
    coldAll += part.coldMs;
    console.error(`pages ${from}..${from + part.medians.length - 1} done`);
  }
  const sorted = [...all].sort((a, b) => a - b);
  const med = (s) => (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2);
  console.log(JSON.stringify({
    node: process.version, pages: all.length, reps: REPS, failedPages: failedAll,
    perPageMedianMs: +med(sorted).toFixed(2), sumOfMediansMs: +all.reduce((a, b) => a + b, 0).toFixed(1),
    p90Ms: +sorted[Math.floor(0.9 * (sorted.length - 1))].toFixed(2), maxMs: +sorted[sorted.length - 1].toFixed(1),
    coldPassesMs: +coldAll.toFixed(0),
  }));
  process.exit(0);
}
const from = parseInt(process.env.SEGMENT_CHUNK, 10);
const files = allFiles.slice(from, from + CHUNK);
const pages = files.map((f) => decode(zlib.gunzipSync(fs.readFileSync(path.join(dir, f)))));

let failed = 0;
// Returns the time; the Markdown is only kept alive until the next page. The window is closed whatever happens:
// an unclosed jsdom window keeps its whole document, and 990 pages of them exhaust Node's heap.
function runOnce(html) {
  const t0 = performance.now();
  let dom = null;
  try {
    dom = new JSDOM(html, { url: "http://fakehost/test/page.html" });
    const article = new Readability(dom.window.document, { classesToPreserve: ["caption"] }).parse();
    lastMarkdown = article && article.content ? turndown.turndown(article.content) : "";
  } catch (e) { // a page the pipeline throws on still costs its time
    failed++;
  } finally {
    if (dom) dom.window.close();
  }
  return performance.now() - t0;
}
let lastMarkdown = "";
const coldStart = performance.now();
pages.forEach((h) => runOnce(h));
const coldMs = performance.now() - coldStart;
const coldFailed = failed;
const times = pages.map(() => []);
for (let r = 0; r < REPS; r++) {
  pages.forEach((h, i) => times[i].push(runOnce(h)));
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const medians = times.map(median);
console.log(JSON.stringify({ medians, failed: coldFailed, coldMs }));
