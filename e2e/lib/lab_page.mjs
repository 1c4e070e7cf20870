// The Battle Lab as a test sees it: the system tabs, fields named by their input path, the run
// bar (seed, Fight, Fight 1,000 times), the odds and the chronicle.

export class LabPage {
  constructor(page, baseUrl) { this.page = page; this.baseUrl = baseUrl; }

  async open() {
    await this.page.goto(`${this.baseUrl}/lab`);
    await this.page.locator('.lab-system').waitFor();
  }

  /** Switches to a system's tab (`Warfare`, `Olympia`, `Střet armád`, `Book of Contests`). */
  async tab(label, key) {
    await this.page.getByRole('tab', { name: label, exact: true }).click();
    await this.page.locator(`.lab-system[data-system="${key}"]`).waitFor();
  }

  /** The input, select or checkbox editing the field at `path` (`a.units[0].level`). */
  field(path) { return this.page.locator(`.lab-build [data-path="${path}"]`).first(); }
  /** The error shown next to the field at `path`. */
  errorFor(path) { return this.page.locator(`.field-error[data-error-for="${path}"]`); }

  async fill(path, value) { await this.field(path).fill(String(value)); }
  async select(path, value) { await this.field(path).selectOption(value); }

  async setSeed(seed) { await this.page.locator('input[name="seed"]').fill(String(seed)); }
  runButton() { return this.page.locator('.lab-run button.run'); }

  /** Runs one battle and returns the chronicle's text. */
  async run() {
    await this.runButton().click();
    await this.page.locator('.lab-result .chronicle').waitFor();
    return this.chronicle();
  }

  async chronicle() { return this.page.locator('.lab-result .chronicle').innerText(); }
  async winner() { return this.page.locator('.lab-winner').innerText(); }

  /** Runs the odds to the end and returns each side's line. */
  async runOdds() {
    await this.page.locator('.lab-run button.run-odds').click();
    await this.page.locator('.lab-odds progress').waitFor();
    await this.page.locator('.lab-odds[data-done="true"]').waitFor({ timeout: 120_000 });
    return this.page.locator('.lab-odds li').allInnerTexts();
  }
}
