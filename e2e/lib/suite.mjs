// The world one test file runs in: a server on its own temporary database, browsers, and the
// teardown of all of it, registered with node:test so no file writes its own before/after.
import { before, after } from 'node:test';
import { join } from 'node:path';
import { startServer, tempDir, EDITOR_KEY } from './server.mjs';
import { launch, launchBrowser, watchedPage, cspViolations } from './browser.mjs';

/**
 * Registers the file's `before` and `after` hooks and returns the suite, whose fields are filled
 * in once `before` has run:
 * - `server`, `url`, `db`: the running server (the same address across `stopServer`/`startServer`);
 * - `doc`: the realm as the server first served it (`realm()` reads it again);
 * - `context`, `page()`: with `profile`, one browser profile shared by every test of the file (so
 *   what one test stores, e.g. the editor key, the next one finds), at `profile.viewport`;
 * - `fresh({ viewport })`: a new, isolated browser context (its own storage, cache and service
 *   worker) with a watched page, for a fresh visitor; all of them close when the file ends.
 *
 * `name` names the temporary directory; `args` are further server flags (e.g. the vote limits);
 * `demoActivity` starts the fresh install with the demo's votes and battles (off by default, see
 * `startServer`).
 */
export function suite(name, { args = [], profile, demoActivity = false } = {}) {
  let data, isolated, port = 0, remoteMutations = 0;
  const s = {
    server: undefined, db: undefined, doc: undefined, context: undefined,
    get url() { return s.server.url; },

    /** The realm document the server serves now. */
    async realm() {
      const res = await fetch(`${s.url}/api/realm`);
      if (!res.ok) throw new Error(`GET /api/realm: ${res.status}`);
      return res.json();
    },

    /** Stops the server (the browsers see it go offline); `startServer` brings it back. */
    async stopServer() {
      port = s.server.port;
      await s.server.stop();
    },

    /** Starts the server again on the same database and, after `stopServer`, the same address. */
    async startServer() {
      s.server = await startServer({ db: s.db, port, args, demoActivity });
      return s.server;
    },

    /**
     * Changes one stored record as another editor would, through the sync protocol: `change` maps
     * its body to the new one. Throws unless the server applied it.
     */
    async remoteEdit(kind, id, change) {
      const pull = await (await fetch(`${s.url}/api/sync/pull?since=0`)).json();
      const record = pull.records.find((r) => r.kind === kind && r.id === id);
      if (!record) throw new Error(`no ${kind} ${id} on the server`);
      const res = await fetch(`${s.url}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${EDITOR_KEY}` },
        body: JSON.stringify({ client_id: `e2e-remote-${name}`, mutations: [{
          mutation_id: ++remoteMutations, op: 'put', kind, id, base_revision: record.revision,
          body: change(record.body),
        }] }),
      });
      const answer = await res.json();
      if (answer.results?.[0]?.status !== 'applied') throw new Error(`remote edit not applied: ${JSON.stringify(answer)}`);
    },

    /** A watched page in the shared profile (needs `profile`). */
    page() {
      if (!s.context) throw new Error(`suite ${name}: page() needs the profile option`);
      return watchedPage(s.context);
    },

    /** A watched page in a new isolated context: `{ context, page, errors }`. */
    async fresh({ viewport } = {}) {
      isolated ??= launchBrowser();
      const context = await (await isolated).newContext(viewport ? { viewport } : undefined);
      return { context, ...(await watchedPage(context)) };
    },
  };

  before(async () => {
    data = tempDir(`brickrealm-${name}-`);
    s.db = join(data.dir, 'realm.db');
    await s.startServer();
    s.doc = await s.realm();
    if (profile) {
      const browser = await launch(profile === true ? {} : profile);
      s.context = browser.context;
      s.closeProfile = browser.close;
    }
  });

  after(async () => {
    await s.closeProfile?.();
    if (isolated) await (await isolated).close();
    await s.server?.stop();
    data?.remove();
    // The server's Content-Security-Policy is on for every page: a page it broke fails the file.
    if (cspViolations.length) {
      throw new Error(`pages raised Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    }
  });

  return s;
}
