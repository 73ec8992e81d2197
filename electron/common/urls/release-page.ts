// Where each release of List Cleaner is published (electron-builder.yml's
// `publish`). On Linux the app installs no update itself: it says one is
// available and links here (shell/updates.ts), one of the help links main
// opens (shell/window/help-links.ts).
export const RELEASES_PAGE = 'https://github.com/list-cleaner/list-cleaner/releases/latest';
