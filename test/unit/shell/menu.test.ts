// The application menu, as a template: Settings on Cmd/Ctrl+,, an Edit menu,
// no developer tools in installed builds, and Help with the app's help links only.
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { HELP_LINKS } from '../../../electron/shell/window/help-links';
import { menuActions, menuTemplate, type MenuActions } from '../../../electron/shell/window/menu';
import { translatorOf } from '../../../electron/common/i18n/catalogs';

const words = translatorOf('en');

const actions = (): MenuActions => ({
  about: vi.fn(),
  checkForUpdates: vi.fn(),
  openSettings: vi.fn(),
  openHelp: vi.fn(),
});

/** Every item of a template, submenus included. */
function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? items(item.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

const click = (item: MenuItemConstructorOptions | undefined) =>
  (item?.click as (() => void) | undefined)?.();

describe('the application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    'on %s: Settings on Cmd/Ctrl+, and an Edit menu; no developer tools in an installed build',
    (platform) => {
      const a = actions();
      const all = items(
        menuTemplate({ appName: 'List Cleaner', platform, dev: false, actions: a, words }),
      );
      const settings = all.find((i) => i.accelerator === 'CmdOrCtrl+,');
      click(settings);
      expect(a.openSettings).toHaveBeenCalledOnce();
      expect(all.some((i) => i.role === 'editMenu')).toBe(true);
      for (const role of ['toggleDevTools', 'reload', 'forceReload']) {
        expect(
          all.some((i) => i.role === role),
          role,
        ).toBe(false);
      }
      click(all.find((i) => i.label === 'Check for Updates…'));
      expect(a.checkForUpdates).toHaveBeenCalledOnce();
      click(all.find((i) => i.label === 'About List Cleaner'));
      expect(a.about).toHaveBeenCalledOnce();
    },
  );

  it('keeps the developer tools in a development build', () => {
    const all = items(
      menuTemplate({
        appName: 'List Cleaner',
        platform: 'linux',
        dev: true,
        actions: actions(),
        words,
      }),
    );
    expect(all.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });

  it('opens exactly the app’s help links from Help', () => {
    const a = actions();
    const template = menuTemplate({
      appName: 'List Cleaner',
      platform: 'darwin',
      dev: false,
      actions: a,
      words,
    });
    const help = template.find((i) => i.role === 'help');
    for (const item of help?.submenu as MenuItemConstructorOptions[]) click(item);
    expect(vi.mocked(a.openHelp).mock.calls.map(([url]) => url)).toEqual(Object.values(HELP_LINKS));
  });

  it('tells the version in About, and what a check for updates found', async () => {
    const shown: Electron.MessageBoxOptions[] = [];
    const openSettings = vi.fn();
    const a = menuActions({
      dialog: {
        showMessageBox: vi.fn(async (...args: unknown[]) => {
          shown.push(args.at(-1) as Electron.MessageBoxOptions);
          return { response: 0, checkboxChecked: false };
        }),
      } as unknown as Pick<Electron.Dialog, 'showMessageBox'>,
      shell: { openExternal: vi.fn(async () => undefined) },
      window: () => null,
      appName: 'List Cleaner',
      version: '0.1.0',
      checkForUpdates: async () => 'You have the latest version of List Cleaner.',
      openSettings,
      words: () => words,
    });
    a.about();
    a.checkForUpdates();
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[0]?.message).toBe('List Cleaner 0.1.0');
    expect(shown[1]?.message).toBe('You have the latest version of List Cleaner.');
    a.openSettings();
    expect(openSettings).toHaveBeenCalledOnce();
  });
});

describe('the application menu in the user’s language', () => {
  it('names its items in German, keeping the roles the system names itself', () => {
    const all = items(
      menuTemplate({
        appName: 'List Cleaner',
        platform: 'win32',
        dev: false,
        actions: actions(),
        words: translatorOf('de'),
      }),
    );
    const labels = all.map((i) => i.label).filter((l): l is string => l !== undefined);
    expect(labels).toEqual(
      expect.arrayContaining(['Datei', 'Einstellungen', 'Ansicht', 'Über List Cleaner']),
    );
    expect(labels).toContain('Preise pro Adresse');
    expect(labels.some((l) => /Settings|File|View|About/.test(l))).toBe(false);
    expect(all.some((i) => i.role === 'editMenu')).toBe(true);
  });
});
