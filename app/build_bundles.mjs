// Trunk's post-build hook (Trunk.toml): builds every other bundle of bundles.json into its folder
// of the build being assembled, so one `trunk build --release` (or `trunk serve`) yields the whole
// site — `dist/index.html` (the map bundle) and `dist/arena-bundle/index.html` and so on.
// Each nested build runs Trunk again with this same config; the variable below keeps the hook
// from recursing. A release build then leaves a Brotli copy (quality 11, the slowest and
// smallest, paid once here) beside every wasm, script and style sheet, which the server sends to
// browsers that accept it (server/src/spa.rs).
import { readFileSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

if (process.env.BRICKREALM_NESTED_BUNDLE) process.exit(0);

const root = process.cwd();
const { bundles } = JSON.parse(readFileSync(join(root, 'app/bundles.json'), 'utf8'));
const building = resolve(process.env.TRUNK_HTML_FILE);
const staging = process.env.TRUNK_STAGING_DIR;
const release = process.env.TRUNK_PROFILE === 'release';

for (const bundle of bundles) {
  if (resolve(root, bundle.html) === building) continue;
  const args = ['build', ...(release ? ['--release'] : []),
    '--dist', join(staging, bundle.base), '--public-url', bundle.base, bundle.html];
  console.log(`bundle ${bundle.name}: trunk ${args.join(' ')}`);
  const run = spawnSync('trunk', args, {
    stdio: 'inherit',
    env: { ...process.env, BRICKREALM_NESTED_BUNDLE: bundle.name },
  });
  if (run.status !== 0) {
    console.error(`bundle ${bundle.name}: trunk failed (${run.error ?? `exit ${run.status}`})`);
    process.exit(1);
  }
}

/** Every file under `dir`, at any depth. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]);
}

if (release) {
  for (const file of filesUnder(staging).filter((f) => /\.(wasm|js|css)$/.test(f))) {
    const plain = readFileSync(file);
    const br = brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
      },
    });
    writeFileSync(`${file}.br`, br);
    console.log(`brotli ${file.slice(staging.length)}: ${plain.length} B → ${br.length} B`);
  }
}
