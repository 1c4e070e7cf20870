// The Battle Lab's Compare page as a test sees it: the two faction pickers, seed and battle count,
// Run, a card of odds per system, and the balance chart with its legend.

export class ComparePage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/lab/compare`);
    await this.page.locator('.compare select[name="defender"] option').first().waitFor({ state: 'attached' });
  }

  async pick(side, factionId) {
    await this.page.locator(`.compare select[name="${side}"]`).selectOption(String(factionId));
  }

  /** The refusal shown beside a side's picker ('' when there is none). */
  async refusal(side) {
    const err = this.page.locator(`.compare-pick:has(select[name="${side}"]) .field-error`);
    return (await err.count()) ? err.innerText() : '';
  }

  async setSeed(seed) { await this.page.locator('.compare input[name="seed"]').fill(String(seed)); }
  async setRuns(n) { await this.page.locator('.compare input[name="runs"]').fill(String(n)); }
  runButton() { return this.page.locator('.compare button.run-compare'); }

  /** Runs every system and the sweep to the end; returns each system's figures and the chart. */
  async runAll() {
    await this.runButton().click();
    await this.page.locator('.compare-system progress').first().waitFor();
    await this.page.waitForFunction(
      () => document.querySelectorAll('.compare-system[data-done="true"]').length === 5,
      null, { timeout: 120_000 });
    await this.page.locator('.sweep-chart[data-done="true"]').waitFor({ timeout: 300_000 });
    return { odds: await this.odds(), chart: await this.chart() };
  }

  /** Per system: its key, battles fought, the numbers the card shows and the data it carries. */
  async odds() {
    return this.page.locator('.compare-system').evaluateAll((cards) => cards.map((c) => {
      const p = c.querySelector('.compare-p');
      return {
        system: c.dataset.system,
        runs: Number(c.dataset.runs),
        p: p ? Number(p.dataset.p) : null,
        lo: p ? Number(p.dataset.lo) : null,
        hi: p ? Number(p.dataset.hi) : null,
        text: c.innerText,
      };
    }));
  }

  /** Each drawn line (system, point count, the SVG points) and the legend's entries. */
  async chart() {
    return this.page.locator('.sweep-chart').evaluate((fig) => ({
      lines: [...fig.querySelectorAll('polyline.sweep-line')].map((l) => ({
        system: l.dataset.system,
        n: Number(l.dataset.points),
        points: l.getAttribute('points'),
      })),
      legend: [...fig.querySelectorAll('.sweep-legend li')].map((li) => li.innerText.trim()),
    }));
  }
}
