import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** axe-core's WCAG 2.1 A/AA rules, run in the real browser. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Serious and critical violations on the page as it is now, described for a failure message.
 * axe runs in the page itself, and in its same-origin frames (legacy mode): the default mode
 * opens a new page per analysis to combine frames' results, which doubles the time, to
 * reach cross-origin frames, whose content (a video host's, the chat's) is not ours to fix.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return describedViolations(page, (impact) => impact === "serious" || impact === "critical");
}

/** Every violation on the page as it is now, whatever its impact, described for a failure message. */
export function allViolations(page: Page): Promise<string[]> {
  return describedViolations(page, () => true);
}

async function describedViolations(
  page: Page,
  counts: (impact: string | null | undefined) => boolean,
): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => counts(violation.impact))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`,
        )
        .join("\n");
      const more =
        violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : "";
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    });
}

/** Fails the test with axe's serious and critical violations on the page as it is now. */
export async function expectAxeClean(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${page.url()}:\n\n${violations.join("\n\n")}\n`).toEqual([]);
}

/** Fails the test with every axe violation on the page as it is now, minor and moderate too. */
export async function expectNoViolations(page: Page): Promise<void> {
  const found = await allViolations(page);
  expect(found, `axe on ${page.url()}:\n\n${found.join("\n\n")}\n`).toEqual([]);
}
