// The theme chosen in Settings, put on the page as data-theme for the stylesheets to read.
import { useEffect } from 'react';
import type { Theme } from '../../../electron/ipc/contract';

/** 'system' leaves the choice to prefers-color-scheme; the CSS reads data-theme. */
export function useThemeAttribute(theme: Theme): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
