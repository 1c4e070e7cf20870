// The arena in a real browser: twenty votes cast with the keyboard move the ratings, the Power
// bonus in the standings and the faction's Power on the map; a vote over the rate limit is shown
// as not counted; votes cast offline on the pairs the server dealt ahead count when they sync,
// and past those the page says its practice pairs won't count; a season held back leaves the
// arena and comes back with its ratings intact; a 4000×3000 upload is shown at display size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beyondOffline, screenshot } from '../lib/browser.mjs';
import { waitForBadge, unlockEditor } from '../lib/sync.mjs';
import { ArenaPage, StandingsPage, SeasonsPage, factionPowers, tableComplete } from '../lib/arena_page.mjs';
import { suite } from '../lib/suite.mjs';
import { EDITOR_KEY } from '../lib/server.mjs';

// Keyboard votes in a test come milliseconds apart: the server would rightly call them too fast,
// so this server counts any answer time, and allows 22 counted votes a minute (the rate-limit
// test needs a limit it can reach).
const RATE = 22;

const s = suite('arena', { args: ['--vote-min-ms', '0', '--vote-rate-per-minute', String(RATE)] });

function ratingsById(doc) {
  return Object.fromEntries(doc.ratings.map((r) => [r.photo_id, r]));
}

/** SPEC §4.3–4.4, to check the numbers the page shows against the server's records. */
function bonus({ rating, judged }) {
  const eff = 1200 + (rating - 1200) * Math.min(judged, 10) / 10;
  return 1 + Math.min(Math.max(eff - 1000, 0), 1800) / 3600;
}

test('cast_20_votes_with_the_keyboard_and_power_moves_with_the_ratings', async () => {
  const { context, page, errors } = await s.fresh();
  await page.goto(`${s.url}/map`);
  await waitForBadge(page, 'synced');
  const powersBefore = await factionPowers(page);
  const standings = new StandingsPage(page, s.url);
  await standings.open();
  const bonusBefore = await standings.bonuses();
  const docBefore = await s.realm();
  const ratingsBefore = ratingsById(docBefore);

  const arena = new ArenaPage(page, s.url);
  await arena.open();
  assert.ok(await arena.poolSize() >= 10, 'the demo has an arena');
  // The next pair is chosen before this one is answered.
  assert.match(await page.locator('.arena').getAttribute('data-next'), /^\d+,\d+$/);
  const cast = [];
  for (let i = 0; i < 20; i++) cast.push(await arena.voteWithKey(i % 3 === 0 ? 'right' : 'left'));
  const tally = await arena.settledTally();
  assert.deepEqual(tally, { counted: 20, notCounted: 0 });
  await page.locator('.vote-entry[data-status="counted"] .vote-detail', { hasText: ' now (' }).first().waitFor();
  await screenshot(page, 'arena-vote');

  // The server applied all twenty: every judged count moved by exactly the votes it took part in.
  const after = ratingsById(await s.realm());
  const times = {};
  const won = {};
  for (const [w, l] of cast) {
    times[w] = (times[w] ?? 0) + 1; times[l] = (times[l] ?? 0) + 1; won[w] = (won[w] ?? 0) + 1;
  }
  for (const [id, n] of Object.entries(times)) {
    const was = ratingsBefore[id] ?? { rating: 1200, judged: 0, wins: 0 };
    assert.equal(after[id].judged, was.judged + n, `photo ${id} judged`);
    assert.equal(after[id].wins, was.wins + (won[id] ?? 0), `photo ${id} wins`);
  }
  // A win and a loss at equal ratings can cancel out; most ratings move.
  const movedRatings = Object.keys(times).filter((id) => after[id].rating !== (ratingsBefore[id]?.rating ?? 1200));
  assert.ok(movedRatings.length > Object.keys(times).length / 2, `ratings moved: ${movedRatings.length}`);

  // The standings show the bonus the new ratings are worth, on hover too.
  await standings.open();
  const bonusAfter = await standings.bonuses();
  const moved = Object.keys(times).filter((id) => Math.abs(bonusAfter[id] - bonusBefore[id]) > 1e-6);
  assert.ok(moved.length > 0, 'some bonus changed');
  for (const id of Object.keys(times)) assert.ok(Math.abs(bonusAfter[id] - bonus(after[id])) < 1e-6, `bonus of ${id}`);
  assert.match(await standings.bonusTitle(moved[0]), /^Worth ×1\.\d{4} Power/);
  assert.ok(await page.locator('table.standings tr.provisional').count() > 0, 'provisional rows are marked');
  // The chart draws the fitted photos: those with a counted vote.
  const fittedRows = await page.locator('table.standings tbody td.bt-score').evaluateAll((cells) => cells.filter((c) => c.textContent !== '—').length);
  assert.equal(fittedRows, Object.keys(times).length);
  assert.equal(await page.locator('.ladder-chart .rung').count(), fittedRows);
  await screenshot(page, 'arena-standings-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'arena-standings-phone');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The map's faction Power moved for the faction of a photo whose bonus moved.
  const photo = docBefore.photos.find((p) => String(p.id) === moved[0]);
  await page.goto(`${s.url}/map`);
  const powersAfter = await factionPowers(page);
  assert.notEqual(powersAfter[photo.faction], powersBefore[photo.faction], 'faction Power moved');
  await screenshot(page, 'arena-map-power');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_vote_over_the_rate_limit_is_shown_as_not_counted', async () => {
  const { context, page, errors } = await s.fresh();
  const arena = new ArenaPage(page, s.url);
  await arena.open();
  await waitForBadge(page, 'synced');
  // Votes come quicker than a minute: the one past the limit is kept but not counted. Each vote
  // waits for a pair the server dealt (a practice pair, shown while the deck refills on a slow
  // machine, would never count and so never reach the limit), and the loop runs until the
  // refusal is back from the server rather than for a fixed number of votes.
  const refused = page.locator('.vote-entry[data-status="not-counted"][data-reason="rate_limited"]').first();
  for (let i = 0; i < 3 * RATE && await refused.count() === 0; i++) {
    await page.locator('.arena-pair[data-counts="yes"]').waitFor({ timeout: 20_000 });
    await arena.voteWithKey('left');
    if (i >= RATE) await arena.settledTally();
  }
  await refused.waitFor({ timeout: 20_000 });
  assert.match(await refused.innerText(), /not counted — rate limited/);
  await screenshot(page, 'arena-not-counted');
  assert.deepEqual(errors, []);
  await context.close();
});

/** The pairs the server dealt this browser that wait to be shown. */
function dealtWaiting(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('brickrealm.arena.deck.v1') ?? '{"pairs":[]}').pairs.length);
}

test('votes_cast_offline_on_dealt_pairs_count_when_they_sync_and_practice_pairs_say_they_wont', async () => {
  const { context, page, errors } = await s.fresh();
  const arena = new ArenaPage(page, s.url);
  await arena.open();
  await waitForBadge(page, 'synced');
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('brickrealm.arena.deck.v1') ?? '{"pairs":[]}').pairs.length >= 5));
  const counting = 1 + await dealtWaiting(page); // the pair on screen and those dealt ahead
  const judgedBefore = (await s.realm()).ratings.reduce((n, r) => n + r.judged, 0);

  await context.setOffline(true);
  for (let i = 0; i < counting; i++) {
    assert.equal(await page.locator('.arena-pair').getAttribute('data-counts'), 'yes', `dealt pair ${i}`);
    await arena.voteWithKey(i % 2 ? 'left' : 'right');
  }
  // Out of dealt pairs and offline: practice pairs, and the page says their votes won't count.
  await page.locator('.arena-pair[data-counts="no"]').waitFor();
  assert.match(await page.locator('.arena-uncounted').innerText(), /won't count/);
  await screenshot(page, 'arena-offline-practice');
  await arena.voteWithKey('left');
  assert.equal(await page.locator('.vote-entry[data-status="not-counted"][data-reason="no_token"]').count(), 1);
  assert.match(await page.locator('.vote-tally').innerText(), new RegExp(`${counting} waiting to be sent`));

  await context.setOffline(false);
  const tally = await arena.settledTally(30_000);
  assert.deepEqual(tally, { counted: counting, notCounted: 1 }, 'every vote on a dealt pair counted');
  const judgedAfter = (await s.realm()).ratings.reduce((n, r) => n + r.judged, 0);
  assert.equal(judgedAfter - judgedBefore, 2 * counting, 'the practice vote was never sent');
  // Back online, the server deals again.
  await page.locator('.arena-pair[data-counts="yes"]').waitFor();
  assert.equal(await page.locator('.arena-uncounted').count(), 0);
  assert.deepEqual(beyondOffline(errors), []);
  await context.close();
});

test('a_season_held_back_leaves_the_arena_and_returns_with_its_ratings', async () => {
  const { context, page, errors } = await s.fresh();
  const doc = await s.realm();
  const current = doc.settings.current_season;
  const seasonOf = Object.fromEntries(doc.photos.map((p) => [p.id, p.season]));
  const heldIds = doc.photos.filter((p) => p.season === current).map((p) => p.id);
  const ratingsBefore = doc.ratings.filter((r) => heldIds.includes(r.photo_id));
  assert.ok(ratingsBefore.some((r) => r.judged > 0), 'the held season has judged photos');

  const arena = new ArenaPage(page, s.url);
  await arena.open();
  await unlockEditor(page);
  const fullPool = await arena.poolSize();

  const seasons = new SeasonsPage(page, s.url);
  await seasons.open();
  await seasons.setCurrent(current - 1);
  await page.locator(`.season[data-season="${current}"][data-state="held back"]`).waitFor();
  await page.locator(`.season[data-season="${current}"] summary`).click();
  await screenshot(page, 'arena-seasons');

  await arena.open();
  const heldPool = await arena.poolSize();
  assert.ok(heldPool < fullPool, `the pool shrank (${fullPool} → ${heldPool})`);
  for (let i = 0; i < 5; i++) {
    const [a, b] = await arena.pair();
    assert.ok(seasonOf[a] < current && seasonOf[b] < current, `pair ${a},${b} is from earlier seasons`);
    await arena.voteWithKey('right');
  }
  const held = await s.realm();
  assert.deepEqual(held.ratings.filter((r) => heldIds.includes(r.photo_id)), ratingsBefore, 'ratings kept while held back');

  await seasons.open();
  await seasons.setCurrent(current);
  await arena.open();
  await page.locator(`.arena[data-pool="${fullPool}"]`).waitFor();
  const back = await s.realm();
  assert.deepEqual(back.ratings.filter((r) => heldIds.includes(r.photo_id)), ratingsBefore, 'ratings back untouched');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_4000x3000_upload_is_shown_in_the_arena_at_display_size_and_the_original_kept', async () => {
  const { context, page, errors } = await s.fresh();
  await page.goto(`${s.url}/map`);
  const ids = (await s.realm()).photos.map((p) => p.id);
  // A photograph-sized JPEG drawn on a canvas (shapes and gradients, like a photo's detail),
  // uploaded as the editor would to every photo, so whichever pair the arena deals has one.
  const upload = await page.evaluate(async ({ ids, key }) => {
    const c = new OffscreenCanvas(4000, 3000);
    const g = c.getContext('2d');
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const sky = g.createLinearGradient(0, 0, 4000, 3000);
    sky.addColorStop(0, '#4a6fa5'); sky.addColorStop(1, '#e8c07d');
    g.fillStyle = sky; g.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 4000; i++) {
      g.fillStyle = `hsl(${rnd() * 360} ${40 + rnd() * 50}% ${30 + rnd() * 50}%)`;
      g.beginPath(); g.arc(rnd() * 4000, rnd() * 3000, 4 + rnd() * 60, 0, 7); g.fill();
    }
    const blob = await c.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const statuses = [];
    for (const id of ids) {
      const res = await fetch(`/api/photos/${id}/image`, {
        method: 'PUT', body: blob, headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${key}` },
      });
      statuses.push(res.status);
    }
    return { bytes: blob.size, statuses };
  }, { ids, key: EDITOR_KEY });
  assert.ok(upload.bytes > 1024 * 1024 && upload.bytes < 5 * 1024 * 1024, `a big photo: ${upload.bytes} B`);
  assert.deepEqual([...new Set(upload.statuses)], [204]);

  const arena = new ArenaPage(page, s.url);
  await arena.open();
  await page.waitForFunction(() => {
    const imgs = [...document.querySelectorAll('.arena-pair .contender img.photo-image')];
    return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });
  const shown = await page.evaluate(() => [...document.querySelectorAll('.arena-pair .contender img.photo-image')].map((i) => {
    const entry = performance.getEntriesByName(i.currentSrc)[0];
    return { src: i.getAttribute('src'), w: i.naturalWidth, h: i.naturalHeight, bytes: entry?.encodedBodySize };
  }));
  for (const img of shown) {
    assert.match(img.src, /^\/api\/images\/photo\/\d+\/display\?v=\w+$/);
    assert.deepEqual([img.w, img.h], [480, 360], `${img.src} at display size`);
    assert.ok(img.bytes > 0 && img.bytes <= 60 * 1024, `${img.src}: ${img.bytes} B, at most 60 KB`);
  }
  await screenshot(page, 'arena-photos');

  // The original is still there, byte for byte the size it was sent.
  const [left] = await arena.pair();
  const original = await page.evaluate(async (id) => {
    const res = await fetch(`/api/photos/${id}/image`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), size: bytes.length, head: [...bytes.slice(0, 3)] };
  }, left);
  assert.deepEqual(original, { status: 200, type: 'image/jpeg', size: upload.bytes, head: [0xff, 0xd8, 0xff] });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_first_visit_is_dealt_its_pairs_alongside_the_wasm_once_and_shows_them', async () => {
  const { context, page, errors } = await s.fresh();
  // Who asked: the page's own inline script (early.js), or the wasm's glue code once it runs.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const askedBy = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname === '/api/pairs') askedBy.push(e.initiator.stack?.callFrames?.[0]?.url);
  });
  const pulls = [];
  page.on('request', (req) => { if (new URL(req.url()).pathname === '/api/sync/pull') pulls.push(new URL(req.url()).search); });
  const deals = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/pairs') {
      deals.push(res.json().then((deal) => ({ method: res.request().method(), body: res.request().postData(), deal })));
    }
  });
  const arena = new ArenaPage(page, s.url);
  await arena.open();
  // One deal, for a new voter, asked for by the page's HTML (so alongside the wasm, not after it).
  const dealt = await Promise.all(deals);
  assert.equal(dealt.length, 1, `one deal: ${JSON.stringify(dealt.map((d) => d.body))}`);
  assert.equal(dealt[0].method, 'POST');
  assert.deepEqual(JSON.parse(dealt[0].body), { voter: null, count: 12 });
  assert.deepEqual(askedBy, [`${s.url}/arena`], 'asked by the page\'s inline script, not the app\'s code');
  // Its first pair is the one on screen, and the rest wait in the deck under the pass it brought.
  const { pairs, voter } = dealt[0].deal;
  assert.deepEqual(await arena.pair(), [pairs[0].a, pairs[0].b]);
  const deck = await page.evaluate(() => JSON.parse(localStorage.getItem('brickrealm.arena.deck.v1')));
  assert.equal(deck.voter, voter);
  assert.deepEqual(deck.pairs.map((d) => [d.pair.a, d.pair.b]), pairs.slice(1).map((p) => [p.a, p.b]));
  assert.equal(await page.locator('.arena-uncounted').count(), 0, 'a counted pair, not a practice one');
  // The collection, asked for early too and shown before the disk is open, is pulled whole once:
  // the sync then asks only for what changed after it, and the disk keeps it.
  await waitForBadge(page, 'synced');
  assert.equal(pulls.filter((q) => q === '?since=0').length, 1, `one whole pull: ${pulls}`);
  const stored = await page.evaluate(() => new Promise((done) => {
    const open = indexedDB.open('brickrealm');
    open.onsuccess = () => {
      const count = open.result.transaction('records').objectStore('records').count();
      count.onsuccess = () => { open.result.close(); done(count.result); };
    };
    open.onerror = () => done(-1);
  }));
  const whole = await page.evaluate(async () => (await (await fetch('/api/sync/pull?since=0')).json()).records.length);
  assert.equal(stored, whole, 'the disk keeps every record of the whole pull');
  // A first visit (no service worker) to a browser that stores a deck asks for no new pass: the
  // HTML deals early only where no deck is stored, and the deck's next pair is shown.
  const other = await s.fresh();
  await other.context.addInitScript((stored) => {
    localStorage.setItem('brickrealm.arena.deck.v1', stored);
  }, JSON.stringify(deck));
  const again = [];
  other.page.on('request', (req) => { if (new URL(req.url()).pathname === '/api/pairs') again.push(req.method()); });
  await new ArenaPage(other.page, s.url).open();
  assert.deepEqual(await new ArenaPage(other.page, s.url).pair(), [pairs[1].a, pairs[1].b], 'the deck\'s next pair');
  assert.deepEqual(again, [], 'no deal while the deck holds pairs');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_first_visit_shows_its_first_pair_from_the_deal_before_the_realm_is_read', async () => {
  const { context, page, errors } = await s.fresh();
  // The whole collection is held back until the pair is on screen and judged.
  let release;
  const held = new Promise((done) => { release = done; });
  await page.route('**/api/sync/pull**', async (route) => { await held; await route.continue(); });
  const deals = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/pairs') deals.push(res.json());
  });
  await page.goto(`${s.url}/arena`);
  await page.locator('.arena-pair').waitFor();
  const [{ pairs, cards }] = await Promise.all(deals);
  const arena = new ArenaPage(page, s.url);
  const [left, right] = await arena.pair();
  assert.deepEqual([left, right], [pairs[0].a, pairs[0].b]);
  // Each button shows its photo's name and faction as the deal's card has them; the builds wait.
  const card = (id) => cards.find((c) => c.photo === id);
  const doc = await s.realm();
  for (const [side, id] of [['left', left], ['right', right]]) {
    const photo = doc.photos.find((p) => p.id === id);
    const faction = doc.factions.find((f) => f.id === photo.faction);
    assert.equal(card(id).name, photo.name);
    assert.equal(await page.locator(`.contender.${side} .contender-name`).textContent(), photo.name);
    assert.equal(await page.locator(`.contender.${side} .contender-faction`).textContent(), faction.name);
    assert.match(await page.locator(`#build-${side}`).getAttribute('aria-busy'), /true/);
  }
  // A vote before the realm is read is queued as any other, with the card's rating as "then".
  const before = card(left).rating.rating;
  await arena.voteWithKey('left');
  assert.equal(await page.locator('.vote-entry').count(), 1);
  release();
  // The realm comes in: the builds fill, the vote counts, and its "then" was the card's rating.
  await page.waitForFunction(() => document.querySelector('.arena-pair [aria-busy]') === null);
  assert.match(await page.locator('#build-left').textContent(), /Power/);
  assert.deepEqual(await arena.settledTally(), { counted: 1, notCounted: 0 });
  const detail = page.locator('.vote-entry[data-status="counted"] .vote-detail', { hasText: ' now (' });
  await detail.waitFor();
  assert.match(await detail.textContent(), new RegExp(`${Math.round(before)} then`));
  assert.deepEqual(errors, []);
  await context.close();
});


test('a_first_visit_shows_the_top_of_the_standings_from_the_fit_before_the_realm_is_read', async () => {
  const { context, page, errors } = await s.fresh();
  // The server has fitted every vote so far, so its top rows are the realm's.
  for (;;) {
    const now = await (await page.request.get(`${s.url}/api/standings`)).json();
    if (now.fit && !now.fitting) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  let release;
  const held = new Promise((done) => { release = done; });
  await page.route('**/api/sync/pull**', async (route) => { await held; await route.continue(); });
  const answers = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/standings') answers.push(res.json());
  });
  await page.goto(`${s.url}/arena/standings`);
  // The top of the table, from the rows the server sent with its fit, while the table is busy.
  await page.locator('table.standings tbody tr').first().waitFor();
  const fit = (await Promise.all(answers)).map((a) => a.fit).find((f) => f && f.top.length > 0);
  assert.ok(fit, 'a fit with its top rows');
  const shown = () => page.locator('table.standings tbody tr').evaluateAll((rows) =>
    rows.map((r) => [Number(r.dataset.photo), r.querySelector('.name').textContent]));
  const top = fit.top.map((c) => [c.photo, c.name]);
  assert.deepEqual(await shown(), top);
  assert.equal(await page.locator('table.standings').getAttribute('aria-busy'), 'true');
  // The realm comes in: the whole table, headed by the same rows.
  release();
  await tableComplete(page);
  const whole = await shown();
  const doc = await s.realm();
  assert.ok(whole.length > top.length, `${whole.length} rows once the realm is in`);
  assert.deepEqual(whole.slice(0, top.length), top);
  for (const [id, name] of whole.slice(0, top.length)) {
    assert.equal(doc.photos.find((p) => p.id === id).name, name);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a_first_visit_to_the_seasons_asks_early_for_the_collection_and_not_for_the_standings', async () => {
  const { context, page, errors } = await s.fresh();
  // Who asked for what: the page's own inline script (early.js), or the wasm's glue code.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const asked = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const path = new URL(e.request.url).pathname;
    if (path.startsWith('/api/')) asked.push([path, e.initiator.stack?.callFrames?.[0]?.url]);
  });
  await new SeasonsPage(page, s.url).open();
  await waitForBadge(page, 'synced');
  // The standings bundle serves both routes; the seasons list is read from the collection, so
  // the ladder's fit (the standings route's early request) is not asked for at all.
  assert.deepEqual(asked.filter(([p]) => p === '/api/standings'), [], `asked: ${JSON.stringify(asked)}`);
  assert.ok(asked.some(([p, by]) => p === '/api/sync/pull' && by === `${s.url}/arena/seasons`),
    `the collection asked for by the page's inline script: ${JSON.stringify(asked)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
