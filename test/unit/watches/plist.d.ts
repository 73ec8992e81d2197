// `plist` (through electron-builder) ships no types: only its parse is used, to read the agent back.
declare module 'plist' {
  const plist: { parse(xml: string): unknown };
  export default plist;
}
