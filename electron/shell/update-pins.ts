// The SHA-256 fingerprints of the certificates List Cleaner's Windows
// installers are signed with (upper-case hex, no separators). An update is
// installed only when its Authenticode signature is valid and made with one
// of these (update-signature.ts): a certificate that merely carries our name
// is refused. Bundled into main, so app.asar's integrity covers it.
//
// Rotation: a release signed with the current certificate adds the next
// one's fingerprint first; only later releases are signed with the next.
// A build with no fingerprint here installs no update on Windows (it fails
// closed); the release job fills it from the signing certificate.
export const WINDOWS_PUBLISHER_SHA256: readonly string[] = [];
