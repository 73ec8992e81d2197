// Settings → Rules: a block pattern and an allow domain added, listed with
// their kind under Blocked and Allowed, one removed; a refused rule said
// under the field, nothing added.
import { test, expect } from './fixtures';
import { useDemo } from './import-support';
import type { Rule } from '../../electron/common/views/rule-views';

test('rules are added, listed by action, removed, and a refused one is said', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('main', { name: 'Settings' }).getByTestId('rules-section');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('rules-empty')).toHaveText(
    'No rules yet: every address goes by the free checks alone.',
  );
  const field = section.getByLabel('Rules to add');
  const block = section.getByRole('button', { name: 'Block', exact: true });
  const allow = section.getByRole('button', { name: 'Allow', exact: true });
  await expect(block).toBeDisabled();

  await field.fill('*@Competitor.com\ntest*@*\n');
  await block.click();
  await expect(section.getByTestId('rules-added')).toHaveText('Added 2 rules.');
  await expect(field).toHaveValue('');
  await field.fill('example.com');
  await allow.click();
  await expect(section.getByTestId('rules-added')).toHaveText('Added 1 rule.');

  const blocked = section.getByTestId('rules-block');
  const allowed = section.getByTestId('rules-allow');
  await expect(blocked.getByRole('heading')).toHaveText('Blocked 2');
  await expect(blocked.getByTestId('rule')).toHaveText([
    /^\*@competitor\.comPatternRemove/,
    /^test\*@\*PatternRemove/,
  ]);
  await expect(allowed.getByTestId('rule')).toHaveText([/^example\.comDomain, exactlyRemove/]);

  // A refused rule: its reason under the field, the field kept to mend, nothing added.
  await field.fill('ok.org\njane doe@example.com');
  await allow.click();
  await expect(section.getByRole('alert')).toHaveText(
    '“jane doe@example.com” is not a rule: a rule has no spaces. Type one rule a line. No rule was added.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(allowed.getByTestId('rule')).toHaveCount(1);
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await app.screenshot('rules-settings');

  // Remove: no question for one rule; the focus stays in the list.
  await blocked.getByRole('button', { name: 'Remove test*@*' }).click();
  await expect(blocked.getByTestId('rule')).toHaveCount(1);
  await expect(blocked.getByTestId('rule')).toHaveText([/^\*@competitor\.com/]);
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Remove /);
  const listed = await app.core().registry.invoke('rules:list', undefined);
  const rules = (listed.ok ? listed.value : []) as Rule[];
  expect(rules.map((r) => `${r.action} ${r.kind} ${r.value}`)).toEqual([
    'block pattern *@competitor.com',
    'allow domain example.com',
  ]);
});
