// Starts the real server binary on a free port with its own database, for one test file.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.BRICKREALM_SERVER_BIN;
const DIST = process.env.BRICKREALM_DIST;

/** A temporary directory removed by the returned cleanup. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The editor key every test server is started with. */
export const EDITOR_KEY = 'e2e-editor-key-sixteen';

/**
 * The suite drives every browser from one loopback address, so it raises the per-address rate
 * limits of anonymous writes (the attack tests in server/tests use the defaults).
 */
const RATES = ['--rate-votes', '100000', '--rate-history', '100000', '--vote-rate-per-address', '100000',
  '--new-voters-per-hour', '100000'];

/**
 * Starts the server and resolves once it prints its URL. `db` is the SQLite file; pass the same
 * one again to restart on the same data. `port` 0 (the default) lets the OS pick a free one; pass
 * a stopped server's port to bring it back at the same address (the browser's origin). `args` are
 * further flags, e.g. the vote limits (`['--vote-min-ms', '0']`). A fresh database gets the demo
 * realm alone (`--no-demo-activity`), so tests can count History and quote the demo's Power; pass
 * `demoActivity: true` for the install a visitor meets, with the demo's votes and battles.
 */
export function startServer({ db, port = 0, args = [], demoActivity = false }) {
  if (!demoActivity) args = ['--no-demo-activity', ...args];
  if (!BIN || !DIST) throw new Error('BRICKREALM_SERVER_BIN and BRICKREALM_DIST must be set (run `cargo xtask test`)');
  const child = spawn(BIN, ['--port', String(port), '--db', db, '--dist', DIST, '--editor-key', EDITOR_KEY, ...RATES, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = (chunk) => {
      out += chunk;
      const m = out.match(/serving on (http:\/\/[^\s]+?)\/?\s/);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          port: Number(new URL(m[1]).port),
          output: () => out,
          stop: () => new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => { out += c; });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${out}`)); });
  });
}
