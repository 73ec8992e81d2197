// role-based-email-addresses ships plain CommonJS without types. Declared here
// exactly as its src/index.js exports it: the whole list as the module itself
// (an array), with its four groups as properties of that array.
declare module 'role-based-email-addresses' {
  const roles: string[] & {
    MARKETING: string[];
    NOTIFICATION: string[];
    MEETING: string[];
    OTHER: string[];
  };
  export = roles;
}
