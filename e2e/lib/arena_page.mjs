// The arena's three pages as a test sees them: the pair and the vote log, the standings table,
// and the seasons control.

export class ArenaPage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  /** Opens the arena and waits for the pair and the realm: a first visit may show the pair from
   * the deal's cards first, its builds `aria-busy` until the realm is in. */
  async open() {
    await this.page.goto(`${this.baseUrl}/arena`);
    await this.page.locator('.arena-pair').waitFor();
    await this.page.waitForFunction(() => document.querySelector('.arena-pair [aria-busy]') === null);
  }

  /** The pair on screen as [left id, right id]. */
  async pair() {
    const ids = await this.page.locator('.arena-pair').getAttribute('data-pair');
    return ids.split(',').map(Number);
  }

  /** How many photos the arena draws from. */
  async poolSize() {
    return Number(await this.page.locator('.arena').getAttribute('data-pool'));
  }

  /** Votes cast on this visit (counted, not counted and waiting). */
  async castSoFar() {
    return this.page.locator('.vote-tally').evaluate((t) =>
      Number(t.dataset.counted) + Number(t.dataset.notCounted) + Number(t.dataset.queued));
  }

  /** Presses ← or → and waits until the vote is logged and a pair is on screen. Returns [chosen, other]. */
  async voteWithKey(side) {
    const [left, right] = await this.pair();
    const before = await this.castSoFar();
    await this.page.keyboard.press(side === 'left' ? 'ArrowLeft' : 'ArrowRight');
    await this.page.waitForFunction((n) => {
      const t = document.querySelector('.vote-tally');
      return Number(t.dataset.counted) + Number(t.dataset.notCounted) + Number(t.dataset.queued) > n;
    }, before);
    await this.page.locator('.arena-pair').waitFor();
    return side === 'left' ? [left, right] : [right, left];
  }

  /** The tally's counts once nothing is waiting to be sent. */
  async settledTally(timeout = 20_000) {
    const tally = this.page.locator('.vote-tally');
    await this.page.locator('.vote-tally[data-queued="0"]').waitFor({ timeout });
    return {
      counted: Number(await tally.getAttribute('data-counted')),
      notCounted: Number(await tally.getAttribute('data-not-counted')),
    };
  }
}

export class StandingsPage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/arena/standings`);
    await this.page.locator('table.standings tbody tr').first().waitFor();
    // The server's fit of every vote so far (it says when a newer one is still on its way).
    await this.page.locator('.fit-note[data-fitting="false"]', { hasText: 'Bradley–Terry fit of' }).waitFor();
    await tableComplete(this.page);
  }

  /** Every row's Power bonus (the data behind the hover title), by photo id. */
  async bonuses() {
    return this.page.locator('table.standings tbody tr').evaluateAll((rows) =>
      Object.fromEntries(rows.map((r) => [r.dataset.photo, Number(r.dataset.bonus)])));
  }

  /** The hover text of a photo's rating cell. */
  async bonusTitle(photoId) {
    return this.page.locator(`table.standings tr[data-photo="${photoId}"] td.rating`).getAttribute('title');
  }
}

/** Waits until the standings table holds every row: the first screenful is drawn first, the rest
 * a frame later, and the table is `aria-busy` until then. */
export async function tableComplete(page) {
  await page.locator('table.standings:not([aria-busy])').waitFor();
}

export class SeasonsPage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/arena/seasons`);
    await this.page.locator('.season-list .season').first().waitFor();
  }

  /** Sets the current season with the editor's control and waits until the page shows it. */
  async setCurrent(n) {
    await this.page.locator('select[name="current-season"]').selectOption(String(n));
    await this.page.locator('button.set-season').click();
    await this.page.locator(`.current-season[data-current="${n}"]`).waitFor({ timeout: 20_000 });
  }
}

/** Every faction card's Power on the map, by faction id. */
export async function factionPowers(page) {
  await page.locator('.faction-card .power').first().waitFor();
  return page.locator('.faction-card').evaluateAll((cards) =>
    Object.fromEntries(cards.map((c) => [c.dataset.faction, Number(c.querySelector('.power').dataset.power)])));
}
