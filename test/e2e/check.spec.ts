// Quick check through the UI: one address and a product, the result as a
// card; an address that is not one gets a clear error card and costs nothing.
import { test, expect } from './fixtures';
import { nav, useDemo } from './import-support';

test('one address checked: the result as a card, earlier ones listed', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await nav(page, 'Quick check').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quick check' })).toBeVisible();
  await app.screenshot('check-empty');

  const input = page.getByLabel('Email address');
  await input.fill('deliverable+ceo@provider1.test');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const card = page.getByTestId('check-result');
  await expect(card).toContainText('deliverable+ceo@provider1.test');
  await expect(card.getByTestId('check-status')).toHaveText('Deliverable');
  await expect(card).toContainText('Gmail');
  await expect(card).not.toContainText('provider_code_');
  // Ready for the next one: the field is empty and has focus.
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await app.screenshot('check-deliverable');

  // With the avatar product, and Enter to send.
  await page.getByText('Email + avatar').click();
  await input.fill('avatar+founder@provider1.test');
  await input.press('Enter');
  await expect(card).toContainText('avatar+founder@provider1.test');
  await expect(card.getByTestId('check-status')).toHaveText('Deliverable');
  await expect(card).toContainText('AvatarYes');
  await expect(card).toContainText('https://avatars.sandbox.invalid/');

  await page.getByText('Email', { exact: true }).click();
  await input.fill('undeliverable+old@provider2.test');
  await input.press('Enter');
  await expect(card.getByTestId('check-status')).toHaveText('Undeliverable');
  const history = page.getByRole('region', { name: 'Earlier in this session' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await app.screenshot('check-history');
});

test('an address that is not one: an error card, and nothing charged', async ({ app }) => {
  const { page } = app;
  await useDemo(app);
  await nav(page, 'Quick check').click();
  await page.getByLabel('Email address').fill('jane.doe at example');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This address was not checked');
  await expect(alert).toContainText('is not an email address');
  await expect(alert).toContainText('nothing was charged');
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await app.screenshot('check-error');
  await expect(page.getByTestId('balance-amount')).toHaveText('$25.00');
});
