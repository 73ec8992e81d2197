// axe over the page as it stands, in both themes: no serious or critical
// violation. For a screen a spec has just brought up (a held job, a
// question); a11y.spec.ts audits every main screen with its own report.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { showTheme, type TestApp } from './fixtures';

export async function expectAccessible(app: TestApp): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await showTheme(app.page, colorScheme);
    const result = await new AxeBuilder({ page: app.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await app.page.emulateMedia({ colorScheme: null });
}
