// A stand-in for the `electron` module. The real binary is absent where unit
// tests run, and the shell's security lives in the handlers it registers, so
// this fake records every registration and lets a test fire it with the
// argument shapes Electron uses. Where Electron has a permissive default (no
// window-open handler: the window opens; no permission handler: granted), the
// fake has the same default, so a test fails if the app forgets to register.
//
// Use it from a test file with:
//   vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);
// and reset it in beforeEach with fakeElectron.reset(). The mocked module holds
// these very objects, so reset() clears them in place instead of replacing them.
import type {
  BrowserWindowConstructorOptions,
  Dialog,
  IpcMain,
  MessageBoxOptions,
  IpcMainInvokeEvent,
  WebContents,
} from 'electron';
import { Emitter, FakeEvent, FakeProtocol, FakeSession } from './fake-electron-session';

export * from './fake-electron-session';

export interface WindowOpenDetails {
  url: string;
  frameName: string;
  features: string;
  disposition: 'default' | 'foreground-tab' | 'background-tab' | 'new-window' | 'other';
}

export interface WindowOpenResponse {
  action: 'allow' | 'deny';
}

type WindowOpenHandler = (details: WindowOpenDetails) => WindowOpenResponse;

export class FakeWebContents extends Emitter {
  private windowOpenHandler: WindowOpenHandler | null = null;
  private devToolsOpen = false;

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  /**
   * Fires will-navigate or will-redirect as Electron does (event, url,
   * isInPlace, isMainFrame) and answers whether the app blocked it.
   */
  tryNavigate(kind: 'will-navigate' | 'will-redirect', url: string): { blocked: boolean } {
    const event = new FakeEvent(url);
    this.emit(kind, event, url, false, true);
    return { blocked: event.defaultPrevented };
  }

  /** Fires will-attach-webview and answers whether the app blocked it. */
  tryAttachWebview(src: string): { blocked: boolean } {
    const event = new FakeEvent();
    this.emit('will-attach-webview', event, { preload: '', nodeIntegration: true }, { src });
    return { blocked: event.defaultPrevented };
  }

  /** What window.open(url) would get; Electron opens the window when no handler is set. */
  tryOpenWindow(url: string): WindowOpenResponse {
    if (!this.windowOpenHandler) return { action: 'allow' };
    return this.windowOpenHandler({ url, frameName: '', features: '', disposition: 'new-window' });
  }

  /**
   * Fires select-bluetooth-device with one device on offer and reports what
   * the app answered; without preventDefault Electron picks that device itself.
   */
  selectBluetoothDevice(): { prevented: boolean; answers: string[] } {
    const event = new FakeEvent();
    const answers: string[] = [];
    const devices = [{ deviceId: 'bt-1', deviceName: 'Headset' }];
    this.emit('select-bluetooth-device', event, devices, (id: string) => answers.push(id));
    return { prevented: event.defaultPrevented, answers };
  }

  /** Opens DevTools as a shortcut or a stray call would, and fires devtools-opened. */
  openDevTools(): void {
    this.devToolsOpen = true;
    this.emit('devtools-opened');
  }

  closeDevTools(): void {
    this.devToolsOpen = false;
  }

  isDevToolsOpened(): boolean {
    return this.devToolsOpen;
  }

  asWebContents(): WebContents {
    return this as unknown as WebContents;
  }
}

const windows: FakeBrowserWindow[] = [];

export class FakeBrowserWindow extends Emitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return [...windows];
  }

  readonly webContents = new FakeWebContents();
  readonly loadedUrls: string[] = [];
  showCount = 0;

  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    windows.push(this);
  }

  show(): void {
    this.showCount += 1;
  }

  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
}

type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  private readonly handlers = new Map<string, InvokeHandler>();

  handle(channel: string, handler: InvokeHandler): void {
    // Electron refuses a second handler for a channel; so does the fake.
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    this.handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  get channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** What ipcRenderer.invoke would resolve with in the renderer. */
  async invoke(channel: string, event: IpcMainInvokeEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }

  asIpcMain(): Pick<IpcMain, 'handle'> {
    return this as unknown as Pick<IpcMain, 'handle'>;
  }

  reset(): void {
    this.handlers.clear();
  }
}

/** A frame as IpcMainInvokeEvent.senderFrame shows it: its URL and its parent (null at the top). */
export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export function topFrame(url: string): FakeFrame {
  return { url, parent: null };
}

export function subFrame(url: string, parent: FakeFrame): FakeFrame {
  return { url, parent };
}

export function invokeEvent(
  sender: FakeWebContents,
  senderFrame: FakeFrame | null,
): IpcMainInvokeEvent {
  const event = {
    sender,
    senderFrame,
    frameId: 1,
    processId: 1,
    type: 'frame',
    defaultPrevented: false,
    preventDefault(): void {
      event.defaultPrevented = true;
    },
  };
  return event as unknown as IpcMainInvokeEvent;
}

export class FakeContextBridge {
  readonly mainWorld = new Map<string, unknown>();

  exposeInMainWorld(key: string, api: unknown): void {
    if (this.mainWorld.has(key)) {
      throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    }
    this.mainWorld.set(key, api);
  }

  reset(): void {
    this.mainWorld.clear();
  }
}

export interface Invocation {
  channel: string;
  args: unknown[];
}

export class FakeIpcRenderer extends Emitter {
  readonly invocations: Invocation[] = [];
  /** What main answers; a test may replace it. */
  respond: (channel: string, args: unknown[]) => unknown = (channel) => ({
    ok: true,
    value: { answeredBy: channel },
  });

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return Promise.resolve(this.respond(channel, args));
  }

  /** Main's webContents.send(channel, payload), as the renderer receives it. */
  deliver(channel: string, payload: unknown): { event: unknown } {
    const event = { sender: this, senderId: 0, ports: [] };
    this.emit(channel, event, payload);
    return { event };
  }

  reset(): void {
    this.invocations.length = 0;
    this.respond = (channel) => ({ ok: true, value: { answeredBy: channel } });
    this.clearListeners();
  }
}

class FakeShell {
  readonly opened: string[] = [];

  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  }

  reset(): void {
    this.opened.length = 0;
  }
}

/**
 * Electron's dialog: every message box main shows is recorded, and answered
 * with the button a test chose (by default the second, Cancel in main's
 * questions). The Open and Save dialogs answer cancelled unless told otherwise.
 */
export class FakeDialog {
  readonly messageBoxes: MessageBoxOptions[] = [];
  /** The index of the button the user presses in the next message boxes. */
  response = 1;
  /** The files the user picks in the next Open dialogs; null: they cancel. */
  openPaths: string[] | null = null;

  async showMessageBox(
    ...args: [MessageBoxOptions] | [unknown, MessageBoxOptions]
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = args.length === 1 ? args[0] : args[1];
    this.messageBoxes.push(options);
    return { response: this.response, checkboxChecked: false };
  }

  async showOpenDialog(): Promise<{ canceled: boolean; filePaths: string[] }> {
    return this.openPaths === null
      ? { canceled: true, filePaths: [] }
      : { canceled: false, filePaths: [...this.openPaths] };
  }

  async showSaveDialog(): Promise<{ canceled: boolean; filePath: string }> {
    return { canceled: true, filePath: '' };
  }

  asDialog(): Pick<Dialog, 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog'> {
    return this as unknown as Pick<Dialog, 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog'>;
  }

  reset(): void {
    this.messageBoxes.length = 0;
    this.response = 1;
    this.openPaths = null;
  }
}

export const fakeElectron = {
  dialog: new FakeDialog(),
  nativeTheme: { shouldUseDarkColors: false },
  shell: new FakeShell(),
  session: { defaultSession: new FakeSession() },
  protocol: new FakeProtocol(),
  ipcMain: new FakeIpcMain(),
  contextBridge: new FakeContextBridge(),
  ipcRenderer: new FakeIpcRenderer(),
  get windows(): readonly FakeBrowserWindow[] {
    return windows;
  },
  reset(): void {
    windows.length = 0;
    this.dialog.reset();
    this.nativeTheme.shouldUseDarkColors = false;
    this.shell.reset();
    this.session.defaultSession.reset();
    this.protocol.reset();
    this.ipcMain.reset();
    this.contextBridge.reset();
    this.ipcRenderer.reset();
  },
};

/** Electron's webUtils: a dropped File's path, here taken from its name. */
export const fakeWebUtils = {
  getPathForFile: (file: { name: string }): string => `/dropped/${file.name}`,
};

/** The module object handed to vi.mock('electron'). */
export const electronModule = {
  webUtils: fakeWebUtils,
  dialog: fakeElectron.dialog,
  BrowserWindow: FakeBrowserWindow,
  nativeTheme: fakeElectron.nativeTheme,
  shell: fakeElectron.shell,
  session: fakeElectron.session,
  protocol: fakeElectron.protocol,
  ipcMain: fakeElectron.ipcMain,
  contextBridge: fakeElectron.contextBridge,
  ipcRenderer: fakeElectron.ipcRenderer,
};
