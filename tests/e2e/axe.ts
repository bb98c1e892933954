// Accessibility checks with axe-core, injected into the page from node_modules (no network). Only serious and
// critical violations fail a check; each is reported with its rule, help text and the first offending elements.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * The rules that read colours. A theme changes colours and nothing else, so a page already checked in one theme is
 * checked in the other with these alone (the structural rules would give the same answer at the same cost).
 */
export const colourRules = ['color-contrast', 'link-in-text-block'] as const;

/**
 * The serious and critical violations on the page as it is now, described for a failure message: of every rule, or of
 * the rules named.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not govern (a script tag
  // would be refused, rightly).
  if (!loaded) await page.evaluate(axeSource);
  // A dialog caught in its opening fade has every colour half transparent; axe would measure those.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const violations = await page.evaluate(async (only) => {
    // axe is a global once its script is on the page; its types are not part of the page's program.
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) });
    return result.violations;
  }, rules ? [...rules] : null);
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => `${JSON.stringify(node.target)}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
        .join('; ');
      return `${violation.impact} ${violation.id} (${violation.help}) at ${where}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''}`;
    });
}

/**
 * Tabs through the page from its start and answers the focused controls whose focus cannot be seen: neither an
 * outline nor a box shadow nor a changed background distinguishes them from their unfocused look.
 */
export async function invisibleFocusStops(page: Page, stops: number): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const invisible: string[] = [];
  for (let index = 0; index < stops; index++) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const focused = getComputedStyle(element);
      const shows =
        (focused.outlineStyle !== 'none' && parseFloat(focused.outlineWidth) > 0) ||
        (focused.boxShadow !== 'none' && focused.boxShadow !== '') ||
        element.matches(':focus-visible') === false;
      if (shows) return null;
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${label}"`;
    });
    if (problem) invisible.push(problem);
  }
  return invisible;
}
