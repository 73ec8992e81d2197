// The application menu: About (the version), Check for updates, Settings
// (Cmd/Ctrl+,), an Edit menu (on macOS, copy and paste in a text field work
// only through it), View without developer tools in installed builds, and
// Help with the app's own help links, in the user's language. Built as a
// plain template, so it is tested without Electron.
import type { MenuItemConstructorOptions } from 'electron';
import type { MessageId, Translator } from '../../common/i18n/translate';
import { HELP_LINKS } from './help-links';

export interface MenuActions {
  about(): void;
  checkForUpdates(): void;
  openSettings(): void;
  openHelp(url: string): void;
}

export interface MenuOptions {
  appName: string;
  platform: NodeJS.Platform;
  /** Development builds keep reload and the developer tools. */
  dev: boolean;
  actions: MenuActions;
  words: Translator;
}

/** Words for each help link, in the order the Help menu shows them. */
const HELP_LABELS: Record<keyof typeof HELP_LINKS, MessageId> = {
  apiKey: 'menu.help.apiKey',
  serviceDocs: 'menu.help.serviceDocs',
  pricing: 'menu.help.pricing',
  support: 'menu.help.support',
};

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { actions, appName } = options;
  const { t } = options.words;
  const mac = options.platform === 'darwin';
  const about: MenuItemConstructorOptions = {
    label: t('menu.about', { appName }),
    click: actions.about,
  };
  const updates: MenuItemConstructorOptions = {
    label: t('menu.checkForUpdates'),
    click: actions.checkForUpdates,
  };
  const settings: MenuItemConstructorOptions = {
    label: t(mac ? 'menu.settingsMac' : 'menu.settings'),
    accelerator: 'CmdOrCtrl+,',
    click: actions.openSettings,
  };

  const view: MenuItemConstructorOptions[] = [
    ...(options.dev
      ? ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' },
        ] as MenuItemConstructorOptions[])
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];

  const help: MenuItemConstructorOptions[] = [
    ...(Object.keys(HELP_LABELS) as (keyof typeof HELP_LINKS)[]).map(
      (key): MenuItemConstructorOptions => ({
        label: t(HELP_LABELS[key]),
        click: () => actions.openHelp(HELP_LINKS[key]),
      }),
    ),
    // Elsewhere than macOS, About and the update check live under Help.
    ...(mac ? [] : ([{ type: 'separator' }, updates, about] as MenuItemConstructorOptions[])),
  ];

  return [
    ...(mac
      ? [
          {
            label: appName,
            submenu: [
              about,
              updates,
              { type: 'separator' },
              settings,
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : [
          {
            label: t('menu.file'),
            submenu: [settings, { type: 'separator' }, { role: 'quit' }],
          } satisfies MenuItemConstructorOptions,
        ]),
    { role: 'editMenu' },
    { label: t('menu.view'), submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: help },
  ];
}

export interface DesktopDeps {
  dialog: Pick<Electron.Dialog, 'showMessageBox'>;
  shell: Pick<Electron.Shell, 'openExternal'>;
  window(): Electron.BrowserWindow | null;
  appName: string;
  version: string;
  checkForUpdates(): Promise<string>;
  openSettings(): void;
  /** The words in the user's language as they are when an item is chosen. */
  words(): Translator;
}

/** What the menu's items do in the app: native dialogs, the browser, the window. */
export function menuActions(deps: DesktopDeps): MenuActions {
  const tell = (message: string, detail?: string) => {
    const win = deps.window();
    const options = {
      type: 'info' as const,
      message,
      ...(detail ? { detail } : {}),
      buttons: [deps.words().t('dialog.ok')],
    };
    void (win ? deps.dialog.showMessageBox(win, options) : deps.dialog.showMessageBox(options));
  };
  return {
    about: () => tell(`${deps.appName} ${deps.version}`, deps.words().t('about.detail')),
    checkForUpdates: () => void deps.checkForUpdates().then((answer) => tell(answer)),
    openSettings: () => {
      const win = deps.window();
      if (win) {
        if (win.isMinimized()) win.restore();
        win.focus();
      }
      deps.openSettings();
    },
    // Only ever a link of HELP_LINKS: the menu is built from that list.
    openHelp: (url) => void deps.shell.openExternal(url),
  };
}
