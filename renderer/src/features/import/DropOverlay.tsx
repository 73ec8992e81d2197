// Placeholder: built in issue 7.
export function DropOverlay() {
  return null;
}
