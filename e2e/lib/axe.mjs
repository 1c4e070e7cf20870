// axe-core (WCAG 2.2 A and AA rules) run inside a page. The script goes in through the DevTools
// protocol (`page.evaluate`), so the page keeps its Content Security Policy: nothing is bypassed,
// and what axe sees is what a visitor's browser runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets audited: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Impacts that fail the suite. */
export const BLOCKING = ['serious', 'critical'];

/**
 * Runs axe on the page (or inside `within`, a CSS selector) and returns each violation as
 * `{ id, impact, help, nodes: [selector] }`.
 */
export async function audit(page, within) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  return page.evaluate(async ({ within, tags }) => {
    const result = await window.axe.run(within ? document.querySelector(within) : document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, { within, tags: TAGS });
}

/** The violations that fail the suite, as lines a reader can act on. */
export function blocking(violations) {
  return violations
    .filter((v) => BLOCKING.includes(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n}`));
}
