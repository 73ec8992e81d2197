// What only a shell can do for the handlers: native dialogs, the file manager,
// the user's yes, the app's updates and the language it speaks. The app's
// shell (shell/native.ts) gives them; the e2e bridge and the tests give stand-ins.
import type { AskedLanguage, LanguageChoice } from '../common/i18n/languages';
import type { UpdateView } from '../common/views/views';
import type { Consent } from '../lib/consent';

/** What only a shell can do: native dialogs and the file manager. */
export interface ShellHooks {
  /** The native Open dialog for a list; null when the user cancels. */
  chooseOpenPath(): Promise<string | null>;
  /** Asks where to save; null when the user cancels. The dialog offers the default path's type. */
  chooseSavePath(defaultPath: string): Promise<string | null>;
  /** Asks for a folder to save several files in; null when the user cancels. */
  chooseFolder(defaultPath: string): Promise<string | null>;
  /** The native Open dialog for a team store's root certificate; null when the user cancels. */
  chooseCertificate(): Promise<string | null>;
  showInFolder(path: string): void;
  /** Asks the user's yes in a native dialog (lib/consent.ts says what needs one). */
  consent: Consent;
  /** The app's own updates (installed builds only). */
  updates: UpdateHooks;
  /**
   * The language the window, menus, dialogs and notifications speak for the
   * user's choice in Settings (shell/language.ts mainLanguage); without one,
   * the chosen language, or English for the system's.
   */
  language?(choice: LanguageChoice): AskedLanguage;
  /** The chosen language changed: what main draws itself (the menus) is drawn again. */
  languageChanged?(): void;
  /**
   * The job a notification click asked for before a window listened (none
   * was open, or it was loading); taken once. Absent where there are no notifications.
   */
  takePendingResults?(): string | null;
}

export interface UpdateHooks {
  status(): UpdateView;
  /** Quits and installs the downloaded update. */
  restart(): void;
}
