// A finished job's results in Russian, as main tells the window to speak it:
// the header, the tabs, the outcome table, the grade, the providers, the rows
// and their filter, the domains and the bounce report's drop zone, with none
// of the results' own English words left. (The jobs screen that leads here,
// the product's name and the free checks' facts are other screens' words.)
import { test, expect } from './fixtures';
import { crmCsv, doneJob, invoke, writeList } from './results-support';

/** The results' own English words, any of which on screen is a word not moved. */
const ENGLISH =
  /\b(Deliverable|Undeliverable|Outcomes?|Share|What it means|Mailbox providers|List quality|How is this computed|Rows|Address|Provider|Domains?|Addresses|Findings|Clear filters|Bounce report|Drop the bounce|Choose file)\b/;

test('the results of a finished job speak Russian', async ({ app }) => {
  await invoke(app, 'demo:start');
  await doneJob(app, await writeList(app.filesDir, 'spring-fair.csv', crmCsv(150)));
  app.speak('ru');
  await app.open();
  const { page } = app;
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('button', { name: 'Задания' })
    .click();
  await page
    .getByRole('article', { name: 'spring-fair.csv' })
    // The jobs screen's own words, in whichever language they are yet.
    .getByRole('button', { name: /Open results|результат/i })
    .first()
    .click();

  const header = page.getByTestId('results-header');
  await expect(header).toContainText('150 строк');
  await expect(page.getByTestId('job-state')).toHaveText('Готово');
  await expect(page.getByTestId('header-grade')).toHaveAttribute(
    'title',
    /^Качество списка: оценка [A-F]/,
  );
  const tabs = page.getByRole('tablist', { name: 'Результаты' });
  await expect(tabs.getByRole('tab')).toHaveText(['Обзор', 'Домены', /^Строки/, 'Отказы']);

  const table = page.getByTestId('outcome-table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Результат',
    'Строки',
    'Доля',
    'Что это значит',
  ]);
  await expect(table.locator('tr[data-outcome="deliverable"] th')).toHaveText('Доставляемый');
  await expect(page.getByTestId('quality-grade')).toContainText('Качество списка');
  await expect(page.getByTestId('grade-sending')).toContainText('Безопасно отправлять');
  await expect(page.getByRole('region', { name: 'Почтовые провайдеры' })).toContainText('Outlook');
  for (const part of [table, page.getByTestId('quality-grade')]) {
    expect(await part.innerText()).not.toMatch(ENGLISH);
  }

  await tabs.getByRole('tab', { name: /^Строки/ }).click();
  await expect(page.getByTestId('rows-count')).toHaveText('150 строк в порядке вашего файла');
  const grid = page.getByRole('table', { name: 'Строки spring-fair.csv с результатами' });
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Строка',
    'Адрес',
    'Результат',
    'Провайдер',
  ]);
  const filter = page.getByRole('group', { name: 'Фильтр строк' });
  await filter.getByRole('checkbox', { name: /Недоставляемый/ }).check();
  await expect(page.getByTestId('rows-count')).toHaveText(/^\d+ из 150 строк: Недоставляемый$/);
  expect(await filter.innerText()).not.toMatch(ENGLISH);

  await tabs.getByRole('tab', { name: 'Домены' }).click();
  const domains = page.getByTestId('domains');
  await expect(domains.getByRole('heading', { level: 2 })).toContainText('Домены');
  expect(await domains.innerText()).not.toMatch(ENGLISH);

  await tabs.getByRole('tab', { name: 'Отказы' }).click();
  await expect(page.getByTestId('bounce-drop')).toContainText('Перетащите сюда отчёт об отказах');
  expect(await page.getByTestId('bounce-drop').innerText()).not.toMatch(ENGLISH);
});
