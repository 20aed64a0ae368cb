// After `react-router build`: writes .br and .gz beside every compressible client asset, so the
// server sends pre-compressed bytes (@fastify/static `preCompressed`) instead of compressing per request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  const data = await readFile(file);
  if (data.length < 1024) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
  before += (await stat(file)).size;
  after += br.length;
}
console.log(
  `Pre-compressed ${count} assets: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB (brotli)`,
);
