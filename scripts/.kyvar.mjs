import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const v = process.argv[2];
const r = await build({ entryPoints: { ky: `/tmp/kyv/${v}/node_modules/ky/distribution/index.js` }, outdir: "dist", bundle: true, format: "esm", platform: "neutral", target: "es2022", minifySyntax: true, minifyWhitespace: true, lineLimit: 200, legalComments: "none", logLevel: "warning", write: true });
const full = await build({ entryPoints: [`/tmp/kyv/${v}/node_modules/ky/distribution/index.js`], bundle: true, format: "esm", platform: "neutral", minify: true, write: false, logLevel: "silent" });
console.log(v, "min", full.outputFiles[0].contents.length, "gzip", gzipSync(full.outputFiles[0].contents, { level: 9 }).length);
