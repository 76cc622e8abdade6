// Brotli copies for build.py: `node scripts/brotli.mjs IN OUT [IN OUT ...]` writes each OUT as IN compressed
// at brotli's highest quality (Node's own zlib: no dependency), through a temporary file so that a cache
// entry is never half written.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error("usage: node scripts/brotli.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
for (let at = 0; at < args.length; at += 2) {
  const data = readFileSync(args[at]);
  const compressed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const partial = `${args[at + 1]}.${process.pid}.partial`;
  writeFileSync(partial, compressed);
  renameSync(partial, args[at + 1]);
}
