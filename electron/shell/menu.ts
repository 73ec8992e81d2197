// The application menu: About (the version), Check for updates, Settings
// (Cmd/Ctrl+,), an Edit menu (on macOS, copy and paste in a text field work
// only through it), View without developer tools in installed builds, and
// Help with the app's own help links. Built as a plain template, so it is
// tested without Electron.
import type { MenuItemConstructorOptions } from 'electron';
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
}

/** Words for each help link, in the order the Help menu shows them. */
const HELP_LABELS: Record<keyof typeof HELP_LINKS, string> = {
  apiKey: 'Where to Find Your API Key',
  serviceDocs: 'Verification Service Documentation',
  pricing: 'Prices per Address',
  support: 'List Cleaner Help',
};

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { actions, appName } = options;
  const mac = options.platform === 'darwin';
  const about: MenuItemConstructorOptions = { label: `About ${appName}`, click: actions.about };
  const updates: MenuItemConstructorOptions = {
    label: 'Check for Updates…',
    click: actions.checkForUpdates,
  };
  const settings: MenuItemConstructorOptions = {
    label: mac ? 'Settings…' : 'Settings',
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
        label: HELP_LABELS[key],
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
            label: 'File',
            submenu: [settings, { type: 'separator' }, { role: 'quit' }],
          } satisfies MenuItemConstructorOptions,
        ]),
    { role: 'editMenu' },
    { label: 'View', submenu: view },
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
}

/** What the menu's items do in the app: native dialogs, the browser, the window. */
export function menuActions(deps: DesktopDeps): MenuActions {
  const tell = (message: string, detail?: string) => {
    const win = deps.window();
    const options = {
      type: 'info' as const,
      message,
      ...(detail ? { detail } : {}),
      buttons: ['OK'],
    };
    void (win ? deps.dialog.showMessageBox(win, options) : deps.dialog.showMessageBox(options));
  };
  return {
    about: () =>
      tell(
        `${deps.appName} ${deps.version}`,
        'Cleans email lists through your email verification service. Your key stays in your system keychain.',
      ),
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
