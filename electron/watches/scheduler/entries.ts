// The operating system's own scheduler entries that run `list-cleaner watch
// run --due` with the app closed: a systemd user timer (Linux), a launchd
// agent (macOS), a Task Scheduler task (Windows). Each looks every 15
// minutes and soon after login; the due rule decides, so a missed run runs
// once whenever the computer wakes. Plain text made here, no dependency:
// every argument escaped for the format that reads it, since paths may hold
// spaces, %, &, < and any script.

/** How often the scheduler asks; a watch's own period is days or weeks. */
export const EVERY_MINUTES = 15;
export const SYSTEMD_NAME = 'list-cleaner-watches';
export const LAUNCHD_LABEL = 'com.listcleaner.watches';
export const TASK_NAME = 'List Cleaner watches';

/**
 * One argument as systemd's ExecStart reads it: quoted, its specifiers (%)
 * kept literal, and in the arguments after the program (the only ones
 * systemd expands variables in) its $ too.
 */
function systemdArg(arg: string, index: number): string {
  const escaped = arg
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/%/g, '%%')
    .replace(/\n/g, '\\n');
  return `"${index === 0 ? escaped : escaped.replace(/\$/g, '$$$$')}"`;
}

export function systemdUnits(command: readonly string[]): { service: string; timer: string } {
  const service = [
    '[Unit]',
    'Description=List Cleaner: run the watches that are due',
    '',
    '[Service]',
    'Type=oneshot',
    `ExecStart=${command.map(systemdArg).join(' ')}`,
    '',
  ].join('\n');
  const timer = [
    '[Unit]',
    `Description=List Cleaner: look for due watches every ${EVERY_MINUTES} minutes`,
    '',
    '[Timer]',
    `OnCalendar=*:0/${EVERY_MINUTES}`,
    'OnStartupSec=2min',
    // A look missed while the computer slept is made once it wakes.
    'Persistent=true',
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
  ].join('\n');
  return { service, timer };
}

const xmlText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function launchdPlist(command: readonly string[], logPath: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    '  <key>Label</key>',
    `  <string>${LAUNCHD_LABEL}</string>`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...command.map((a) => `    <string>${xmlText(a)}</string>`),
    '  </array>',
    '  <key>StartInterval</key>',
    `  <integer>${EVERY_MINUTES * 60}</integer>`,
    '  <key>RunAtLoad</key>',
    '  <true/>',
    '  <key>ProcessType</key>',
    '  <string>Background</string>',
    '  <key>StandardOutPath</key>',
    `  <string>${xmlText(logPath)}</string>`,
    '  <key>StandardErrorPath</key>',
    `  <string>${xmlText(logPath)}</string>`,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}

/** One argument as Windows' CommandLineToArgvW reads it back. */
export function windowsArg(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  let out = '"';
  let slashes = 0;
  for (const c of arg) {
    if (c === '\\') slashes += 1;
    else if (c === '"') {
      out += `${'\\'.repeat(slashes * 2 + 1)}"`;
      slashes = 0;
    } else {
      out += `${'\\'.repeat(slashes)}${c}`;
      slashes = 0;
    }
  }
  return `${out}${'\\'.repeat(slashes * 2)}"`;
}

/**
 * The task as Task Scheduler imports it (`schtasks /Create /XML`): UTF-16LE
 * with its byte-order mark, as Task Scheduler itself exports tasks.
 */
export function taskXml(command: readonly string[], author: string, startBoundary: string): Buffer {
  const [program = '', ...args] = command;
  const text = [
    '<?xml version="1.0" encoding="UTF-16"?>',
    '<Task version="1.4" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">',
    '  <RegistrationInfo>',
    `    <Author>${xmlText(author)}</Author>`,
    '    <Description>List Cleaner: runs the watches that are due</Description>',
    '  </RegistrationInfo>',
    '  <Triggers>',
    '    <TimeTrigger>',
    '      <Repetition>',
    `        <Interval>PT${EVERY_MINUTES}M</Interval>`,
    '        <StopAtDurationEnd>false</StopAtDurationEnd>',
    '      </Repetition>',
    `      <StartBoundary>${xmlText(startBoundary)}</StartBoundary>`,
    '      <Enabled>true</Enabled>',
    '    </TimeTrigger>',
    '    <LogonTrigger>',
    '      <Enabled>true</Enabled>',
    '    </LogonTrigger>',
    '  </Triggers>',
    '  <Principals>',
    '    <Principal id="Author">',
    // The logged-in user's own session: where Credential Manager holds the keys.
    '      <LogonType>InteractiveToken</LogonType>',
    '      <RunLevel>LeastPrivilege</RunLevel>',
    '    </Principal>',
    '  </Principals>',
    '  <Settings>',
    '    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>',
    '    <StartWhenAvailable>true</StartWhenAvailable>',
    '    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>',
    '    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>',
    '    <ExecutionTimeLimit>PT12H</ExecutionTimeLimit>',
    '    <Enabled>true</Enabled>',
    '  </Settings>',
    '  <Actions Context="Author">',
    '    <Exec>',
    `      <Command>${xmlText(program)}</Command>`,
    `      <Arguments>${xmlText(args.map(windowsArg).join(' '))}</Arguments>`,
    '    </Exec>',
    '  </Actions>',
    '</Task>',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}
