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

/** One contrast measured in the page: what against what, and the ratio. */
export interface Contrast {
  what: string;
  ratio: number;
}

/**
 * The contrasts axe does not measure, computed from the page's own styles: a
 * disabled button's text on its fill and its edge on what surrounds it (axe
 * skips disabled elements), and a switch's track and thumb (axe measures text
 * only). Colours with alpha are laid over what is behind them.
 */
export async function controlContrasts(app: TestApp, scope: string): Promise<Contrast[]> {
  return app.page.evaluate(async (scopeSelector) => {
    // A control that just changed state (a button disabled once a count came) eases its
    // colours in: measured half-way, they are colours no one sees.
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const m =
        /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(value) ??
        /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(value);
      if (!m) return null;
      const scale = value.startsWith('color(') ? 255 : 1;
      return [
        Number(m[1]) * scale,
        Number(m[2]) * scale,
        Number(m[3]) * scale,
        m[4] === undefined ? 1 : Number(m[4]),
      ];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (under[i] ?? 0) * (1 - a)).concat(1) as Rgba;
    };
    // What is painted behind an element: its ancestors' fills, laid over one another.
    const behind = (el: Element | null): Rgba => {
      const fills: Rgba[] = [];
      for (let at = el; at; at = at.parentElement) {
        const fill = parse(getComputedStyle(at).backgroundColor);
        if (fill && fill[3] > 0) {
          fills.push(fill);
          if (fill[3] === 1) break;
        }
      }
      return fills.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    // An element faded with opacity paints its fill, words and edge that much fainter.
    const opacityOf = (el: Element | null): number => {
      let value = 1;
      for (let at = el; at; at = at.parentElement) value *= Number(getComputedStyle(at).opacity);
      return value;
    };
    const faded = (c: Rgba, el: Element): Rgba => [c[0], c[1], c[2], c[3] * opacityOf(el)];
    const fillOf = (el: Element, pseudo?: string): Rgba => {
      const own = parse(getComputedStyle(el, pseudo).backgroundColor) ?? [0, 0, 0, 0];
      return over(faded(own, el), pseudo ? fillOf(el) : behind(el.parentElement));
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round((((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)) * 100) / 100;
    };
    const colour = (el: Element, property: 'color' | 'borderTopColor', under: Rgba) =>
      over(faded(parse(getComputedStyle(el)[property]) ?? [0, 0, 0, 0], el), under);

    const scopeEl = document.querySelector(scopeSelector) ?? document.body;
    const out: { what: string; ratio: number }[] = [];
    for (const button of scopeEl.querySelectorAll<HTMLButtonElement>('button:disabled')) {
      if (button.getClientRects().length === 0) continue;
      const name = button.textContent?.trim() || button.getAttribute('aria-label') || '?';
      const fill = fillOf(button);
      const around = behind(button.parentElement);
      out.push({
        what: `disabled “${name}”: text on its fill`,
        ratio: ratio(colour(button, 'color', fill), fill),
      });
      if (
        getComputedStyle(button).borderTopStyle !== 'none' &&
        button.classList.contains('button')
      ) {
        const edge = colour(button, 'borderTopColor', around);
        out.push({
          what: `disabled “${name}”: edge on what surrounds it`,
          ratio: ratio(edge, around),
        });
      }
    }
    for (const sw of scopeEl.querySelectorAll<HTMLInputElement>('input[role="switch"]')) {
      const around = behind(sw.parentElement);
      const track = fillOf(sw);
      const state = sw.checked ? 'on' : 'off';
      const edge = colour(sw, 'borderTopColor', around);
      out.push({
        what: `switch (${state}): track's edge on what surrounds it`,
        ratio: Math.max(ratio(edge, around), ratio(track, around)),
      });
      out.push({
        what: `switch (${state}): thumb on its track`,
        ratio: ratio(fillOf(sw, '::after'), track),
      });
    }
    return out;
  }, scope);
}
