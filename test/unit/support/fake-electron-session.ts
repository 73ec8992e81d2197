// The session-level half of the stand-in `electron` module (see
// fake-electron.ts, which re-exports all of it): the event emitter the fakes
// share, the default session (response headers, permissions, devices) and the
// protocol module. As there, every default is Electron's own permissive one,
// so a test fails when the app forgets to register a handler.
import type { HeadersReceivedResponse, Protocol, Session } from 'electron';

type Listener = (...args: unknown[]) => unknown;

/** Electron's cancellable event: enough for handlers that call preventDefault(). */
export class FakeEvent {
  defaultPrevented = false;

  /** Electron ≥ 25 also puts the target URL on the event itself. */
  constructor(readonly url?: string) {}

  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class Emitter {
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.removeListener(event, wrapped);
      return listener(...args);
    };
    return this.on(event, wrapped);
  }

  removeListener(event: string, listener: Listener): this {
    const list = this.listeners.get(event) ?? [];
    const at = list.lastIndexOf(listener);
    if (at >= 0) this.listeners.set(event, list.toSpliced(at, 1));
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  protected clearListeners(): void {
    this.listeners.clear();
  }
}

/**
 * What a device chooser event ended with: whether the app took the choice
 * (preventDefault; otherwise Electron may pick a device itself) and every
 * device id it answered with (undefined or '' means none).
 */
export interface DeviceChoice {
  prevented: boolean;
  answers: Array<string | null | undefined>;
}

export interface HeadersDetails {
  url: string;
  resourceType: string;
  responseHeaders?: Record<string, string[]>;
}

type HeadersListener = (
  details: HeadersDetails,
  callback: (response: HeadersReceivedResponse) => void,
) => void;

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;

type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  requestingOrigin: string,
  details: unknown,
) => boolean;

type DevicePermissionHandler = (details: unknown) => boolean;

export type SessionDeviceEvent = 'select-hid-device' | 'select-usb-device' | 'select-serial-port';

export class FakeSession extends Emitter {
  private headersListener: HeadersListener | null = null;
  private permissionRequestHandler: PermissionRequestHandler | null = null;
  private permissionCheckHandler: PermissionCheckHandler | null = null;
  private devicePermissionHandler: DevicePermissionHandler | null = null;

  readonly webRequest = {
    // Electron also accepts (filter, listener); the listener is always last.
    onHeadersReceived: (...args: [HeadersListener] | [unknown, HeadersListener]): void => {
      this.headersListener = args.length === 1 ? args[0] : args[1];
    },
  };

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }

  setDevicePermissionHandler(handler: DevicePermissionHandler | null): void {
    this.devicePermissionHandler = handler;
  }

  /**
   * Runs a response through the headers listener and gives back what the page
   * would see. Without a listener the headers pass unchanged.
   */
  receiveHeaders(details: HeadersDetails): Promise<HeadersReceivedResponse> {
    const listener = this.headersListener;
    if (!listener) return Promise.resolve({});
    return new Promise((resolve) => listener(details, resolve));
  }

  /**
   * The answers the page's request got (Electron grants when no handler is
   * set). Every answer is collected, so a handler that answers twice or never
   * shows up in the count.
   */
  async requestPermission(permission: string): Promise<{ granted: boolean; answers: number }> {
    const handler = this.permissionRequestHandler;
    if (!handler) return { granted: true, answers: 1 };
    const answers: boolean[] = [];
    handler(null, permission, (granted) => answers.push(granted), {
      requestingUrl: 'app://list-cleaner/index.html',
      isMainFrame: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { granted: answers[0] === true, answers: answers.length };
  }

  /** Electron grants when no check handler is set. */
  checkPermission(permission: string, origin = 'app://list-cleaner'): boolean {
    const handler = this.permissionCheckHandler;
    if (!handler) return true;
    return handler(null, permission, origin, { isMainFrame: true, requestingUrl: origin });
  }

  /** Whether a device the page was once given stays granted (Electron's default keeps it). */
  checkDevicePermission(deviceType: 'hid' | 'serial' | 'usb'): boolean {
    const handler = this.devicePermissionHandler;
    if (!handler) return true;
    return handler({ deviceType, origin: 'app://list-cleaner', device: { deviceId: '1' } });
  }

  /**
   * Fires a device chooser event as Electron does for navigator.hid / usb /
   * serial, with one device on offer, and reports what the app answered.
   */
  selectDevice(kind: SessionDeviceEvent): DeviceChoice {
    const event = new FakeEvent();
    const answers: Array<string | null | undefined> = [];
    const answer = (...ids: Array<string | null | undefined>): void => void answers.push(ids[0]);
    if (kind === 'select-serial-port') {
      this.emit(kind, event, [{ portId: 'port-1', portName: 'ttyUSB0' }], null, answer);
    } else {
      const details = { deviceList: [{ deviceId: 'device-1', name: 'Key' }], frame: null };
      this.emit(kind, event, details, answer);
    }
    return { prevented: event.defaultPrevented, answers };
  }

  asSession(): Session {
    return this as unknown as Session;
  }

  reset(): void {
    this.headersListener = null;
    this.permissionRequestHandler = null;
    this.permissionCheckHandler = null;
    this.devicePermissionHandler = null;
    this.clearListeners();
  }
}

/** What protocol.registerSchemesAsPrivileged was given, one entry per scheme. */
export interface PrivilegedScheme {
  scheme: string;
  privileges?: Record<string, boolean | undefined>;
}

type ProtocolHandler = (request: Request) => Response | Promise<Response>;

export class FakeProtocol {
  readonly privileged: PrivilegedScheme[] = [];
  private readonly handlers = new Map<string, ProtocolHandler>();

  registerSchemesAsPrivileged(schemes: PrivilegedScheme[]): void {
    this.privileged.push(...schemes);
  }

  handle(scheme: string, handler: ProtocolHandler): void {
    // Electron throws when a scheme is handled twice; so does the fake.
    if (this.handlers.has(scheme)) throw new Error(`The scheme ${scheme} is already handled`);
    this.handlers.set(scheme, handler);
  }

  get handledSchemes(): string[] {
    return [...this.handlers.keys()];
  }

  /** What the page's request for `url` would get; Electron fails it when no handler is set. */
  async request(url: string, method = 'GET'): Promise<Response> {
    const handler = this.handlers.get(new URL(url).protocol.slice(0, -1));
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME ${url}`);
    return handler(new Request(url, { method }));
  }

  asProtocol(): Protocol {
    return this as unknown as Protocol;
  }

  reset(): void {
    this.privileged.length = 0;
    this.handlers.clear();
  }
}
