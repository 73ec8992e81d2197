// `node scripts/make-sheet-fixtures.mjs`: the workbooks of test/fixtures/sheets/, made by
// LibreOffice Calc from the Flat OpenDocument sources in test/fixtures/sheets/src/ (plain XML,
// written by hand). The results are committed and the tests never run this; run it again after
// editing a source. It needs `soffice` (Debian: libreoffice-calc-nogui; set SOFFICE to use
// another binary) and nothing from npm.
//
// Why another program writes the fixtures: a workbook made with the reader's own library (or
// with code written next to the reader) is made from the same understanding of the format as
// the reader, so the two can agree on a mistake and every test still passes. LibreOffice is an
// independent, widely used producer: it writes its own shared strings, style ids, number format
// codes, hyperlink relationships and merges the way real files arrive. It also says, through its
// CSV export with "save cell contents as shown", what each cell displays: expected/ holds that
// answer, so the reader is checked against a second implementation, not against itself.
//
//   <name>.xlsx                 every src/<name>.fods, converted by LibreOffice
//   contacts.ods/.xls/.xlsm     the contacts source in formats the reader may refuse
//   protected.xlsx              contacts, encrypted with the open password "secret"
//   damaged.xlsx                contacts.xlsx cut to half its bytes (written here, not by soffice)
//   expected/<name>--<sheet>.csv  LibreOffice's own reading of each sheet of each .xlsx
//
// LibreOffice stamps the zip entries with the time of the run, so a run changes the bytes of
// every workbook even when no source changed; commit them only with a source change.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sheets = join(root, 'test', 'fixtures', 'sheets');
const sources = join(sheets, 'src');
const expected = join(sheets, 'expected');

const SOFFICE = process.env.SOFFICE ?? 'soffice';
// A profile of our own: a running LibreOffice of the user's would otherwise take the
// conversions over (or lock the profile), and the password step installs a macro in it.
const PROFILE = process.env.LO_PROFILE ?? join(tmpdir(), 'lo-profile-fixtures');
const PASSWORD = 'secret';

// The CSV export filter's options, by position (LibreOffice 7.2 or later for the 12th):
// 44 comma, 34 double quote, 76 UTF-8, 1 (first line; import only), "" (column types; import
// only), 0 language, false "quote all text cells", true (detect special numbers; import only),
// true "save cell contents as shown", false "save cell formulas", false (trim spaces; import
// only), -1 every sheet, each to <file>-<sheet name>.csv.
const CSV_FILTER = 'Text - txt - csv (StarCalc)';
const CSV_OPTIONS = '44,34,76,1,,0,false,true,true,false,false,-1';

// The other formats of contacts: [extension, export filter].
const CONTACTS_FORMATS = [
  ['ods', 'calc8'],
  ['xls', 'MS Excel 97'],
  ['xlsm', 'Calc MS Excel 2007 VBA XML'],
];

// Saving with a password needs a media descriptor property (EncryptionData) that
// --convert-to cannot pass, so it is done by a Basic macro in the profile. CryptoType
// "Standard" picks ECMA-376 Standard encryption (AES-128), the one LibreOffice writes.
// Every error is written next to the output and the document closed: an error left to Basic
// opens a dialog that nobody sees, and soffice waits for ever.
const BASIC_MODULE = 'ListCleanerFixtures';
const BASIC = `
Sub SaveWithPassword(sIn As String, sOut As String, sPassword As String)
  Dim oDoc As Object
  On Error GoTo Failed
  Dim aLoad(0) As New com.sun.star.beans.PropertyValue
  aLoad(0).Name = "Hidden"
  aLoad(0).Value = True
  oDoc = StarDesktop.loadComponentFromURL(ConvertToURL(sIn), "_blank", 0, aLoad())
  Dim aEnc(1) As New com.sun.star.beans.NamedValue
  aEnc(0).Name = "OOXPassword"
  aEnc(0).Value = sPassword
  aEnc(1).Name = "CryptoType"
  aEnc(1).Value = "Standard"
  Dim aSave(1) As New com.sun.star.beans.PropertyValue
  aSave(0).Name = "FilterName"
  aSave(0).Value = "Calc MS Excel 2007 XML"
  aSave(1).Name = "EncryptionData"
  aSave(1).Value = CreateUnoValue("[]com.sun.star.beans.NamedValue", aEnc())
  oDoc.storeToURL(ConvertToURL(sOut), aSave())
  oDoc.close(True)
  Exit Sub
Failed:
  Report(sOut, Erl, Error$)
  On Error Resume Next
  If Not IsNull(oDoc) Then oDoc.close(True)
End Sub

Sub OpenToCsv(sIn As String, sOut As String, sPassword As String, sOptions As String)
  Dim oDoc As Object
  On Error GoTo Failed
  Dim aLoad(1) As New com.sun.star.beans.PropertyValue
  aLoad(0).Name = "Hidden"
  aLoad(0).Value = True
  aLoad(1).Name = "Password"
  aLoad(1).Value = sPassword
  oDoc = StarDesktop.loadComponentFromURL(ConvertToURL(sIn), "_blank", 0, aLoad())
  If IsNull(oDoc) Then
    Report(sOut, 0, "could not open " & sIn)
    Exit Sub
  End If
  Dim aSave(1) As New com.sun.star.beans.PropertyValue
  aSave(0).Name = "FilterName"
  aSave(0).Value = "${CSV_FILTER}"
  aSave(1).Name = "FilterOptions"
  aSave(1).Value = sOptions
  oDoc.storeToURL(ConvertToURL(sOut), aSave())
  oDoc.close(True)
  Exit Sub
Failed:
  Report(sOut, Erl, Error$)
  On Error Resume Next
  If Not IsNull(oDoc) Then oDoc.close(True)
End Sub

Sub Report(sOut As String, nLine As Long, sMessage As String)
  iFile = FreeFile
  Open sOut & ".error.txt" For Output As #iFile
  Print #iFile, "line " & nLine & ": " & sMessage
  Close #iFile
End Sub
`;

function fail(message) {
  console.error(`make-sheet-fixtures: ${message}`);
  process.exit(1);
}

function soffice(args) {
  const result = spawnSync(
    SOFFICE,
    [`-env:UserInstallation=${pathToFileURL(PROFILE).href}`, '--headless', ...args],
    {
      encoding: 'utf8',
      timeout: 120_000,
      // The language of the formatted CSV text and of "General" numbers; the sources name
      // en-US as well. LibreOffice reads the variable, the locale need not be installed.
      env: { ...process.env, LC_ALL: 'en_US.UTF-8' },
    },
  );
  if (result.error) fail(`${SOFFICE} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) {
    fail(`${SOFFICE} ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
  }
  return result.stdout;
}

/** Converts `file` into `outDir` with soffice's --convert-to; returns the path it wrote. */
function convert(file, target, outDir) {
  mkdirSync(outDir, { recursive: true });
  soffice(['--convert-to', target, '--outdir', outDir, file]);
  const ext = target.split(':')[0];
  const out = join(outDir, `${basename(file).replace(/\.[^.]+$/, '')}.${ext}`);
  if (!existsSync(out)) fail(`soffice wrote no ${out}`);
  return out;
}

/** Runs a Sub of the Basic module; `args` are strings. */
function macro(name, args) {
  const quoted = args.map((arg) => {
    if (arg.includes('"')) fail(`a macro argument cannot hold a double quote: ${arg}`);
    return `"${arg}"`;
  });
  soffice([`macro:///Standard.${BASIC_MODULE}.${name}(${quoted.join(',')})`]);
}

/** Puts the Basic module into the profile's Standard library (which the first run created). */
function installBasic() {
  const library = join(PROFILE, 'user', 'basic', 'Standard');
  const index = join(library, 'script.xlb');
  if (!existsSync(index)) fail(`no Basic library in the profile: ${library}`);
  // The module is XML whose text is the Basic source.
  const text = BASIC.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  writeFileSync(
    join(library, `${BASIC_MODULE}.xba`),
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">\n' +
      `<script:module xmlns:script="http://openoffice.org/2000/script" script:name="${BASIC_MODULE}" script:language="StarBasic">${text}</script:module>\n`,
  );
  const xlb = readFileSync(index, 'utf8');
  const entry = `<library:element library:name="${BASIC_MODULE}"/>`;
  if (!xlb.includes(entry)) {
    writeFileSync(index, xlb.replace('</library:library>', ` ${entry}\n</library:library>`));
  }
}

/** LibreOffice's CSV of every sheet of `workbook`: Map sheet name → text. */
function sheetsAsCsv(workbook, tmp, password) {
  const name = basename(workbook).replace(/\.[^.]+$/, '');
  const outDir = mkdtempSync(join(tmp, `csv-${name}-`));
  if (password === undefined) {
    soffice(['--convert-to', `csv:${CSV_FILTER}:${CSV_OPTIONS}`, '--outdir', outDir, workbook]);
  } else {
    const target = join(outDir, `${name}.csv`);
    macro('OpenToCsv', [workbook, target, password, CSV_OPTIONS]);
    if (existsSync(`${target}.error.txt`)) {
      fail(`${workbook}: ${readFileSync(`${target}.error.txt`, 'utf8').trim()}`);
    }
  }
  const csvs = new Map();
  for (const file of readdirSync(outDir).sort()) {
    // <name>-<sheet name>.csv, even when the workbook has one sheet.
    if (!file.startsWith(`${name}-`) || !file.endsWith('.csv')) fail(`unexpected ${file}`);
    csvs.set(file.slice(name.length + 1, -'.csv'.length), readFileSync(join(outDir, file), 'utf8'));
  }
  if (csvs.size === 0) fail(`no CSV from ${workbook}`);
  return csvs;
}

function writeExpected(fixture, csvs) {
  for (const [sheet, text] of csvs) {
    writeFileSync(join(expected, `${fixture}--${sheet}.csv`), text);
  }
  console.log(`  expected/${fixture}--{${[...csvs.keys()].join(', ')}}.csv`);
}

function sameCsvs(a, b) {
  return a.size === b.size && [...a].every(([sheet, text]) => b.get(sheet) === text);
}

function main() {
  const version = spawnSync(SOFFICE, ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    fail(`cannot run ${SOFFICE}; install LibreOffice Calc (Debian: libreoffice-calc-nogui)`);
  }
  console.log(version.stdout.trim());

  const tmp = mkdtempSync(join(tmpdir(), 'sheet-fixtures-'));
  try {
    const fods = readdirSync(sources)
      .filter((f) => f.endsWith('.fods'))
      .sort();
    if (!fods.includes('contacts.fods')) fail('src/contacts.fods is missing');
    rmSync(expected, { recursive: true, force: true });
    mkdirSync(expected, { recursive: true });

    // Every source as .xlsx, and what LibreOffice reads back from it.
    let contactsCsvs;
    for (const file of fods) {
      const name = file.slice(0, -'.fods'.length);
      const xlsx = convert(join(sources, file), 'xlsx', join(tmp, 'xlsx'));
      copyFileSync(xlsx, join(sheets, `${name}.xlsx`));
      console.log(`${name}.xlsx`);
      const csvs = sheetsAsCsv(xlsx, tmp);
      writeExpected(name, csvs);
      if (name === 'contacts') contactsCsvs = csvs;
    }

    // contacts in the other formats: each must read back as contacts.xlsx does.
    const contacts = join(sources, 'contacts.fods');
    for (const [ext, filter] of CONTACTS_FORMATS) {
      const out = convert(contacts, `${ext}:${filter}`, join(tmp, ext));
      copyFileSync(out, join(sheets, `contacts.${ext}`));
      if (!sameCsvs(sheetsAsCsv(out, tmp), contactsCsvs)) {
        fail(`contacts.${ext} does not read back as contacts.xlsx does`);
      }
      console.log(`contacts.${ext} (reads back as contacts.xlsx)`);
    }

    // protected.xlsx: an OLE compound file holding EncryptionInfo and EncryptedPackage.
    installBasic();
    const protectedOut = join(tmp, 'protected', 'protected.xlsx');
    mkdirSync(dirname(protectedOut), { recursive: true });
    macro('SaveWithPassword', [contacts, protectedOut, PASSWORD]);
    if (existsSync(`${protectedOut}.error.txt`)) {
      fail(`protected.xlsx: ${readFileSync(`${protectedOut}.error.txt`, 'utf8').trim()}`);
    }
    if (!existsSync(protectedOut)) fail('the macro wrote no protected.xlsx');
    const encrypted = readFileSync(protectedOut);
    const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    if (!encrypted.subarray(0, 8).equals(OLE)) fail('protected.xlsx is not an OLE compound file');
    if (!encrypted.includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
      fail('protected.xlsx has no EncryptedPackage stream');
    }
    copyFileSync(protectedOut, join(sheets, 'protected.xlsx'));
    console.log(`protected.xlsx (password "${PASSWORD}")`);
    const decrypted = sheetsAsCsv(protectedOut, tmp, PASSWORD);
    if (!sameCsvs(decrypted, contactsCsvs)) fail('protected.xlsx does not decrypt to contacts');
    writeExpected('protected', decrypted);

    // damaged.xlsx: the first half of contacts.xlsx, so the zip has no central directory.
    const whole = readFileSync(join(sheets, 'contacts.xlsx'));
    writeFileSync(join(sheets, 'damaged.xlsx'), whole.subarray(0, Math.floor(whole.length / 2)));
    console.log('damaged.xlsx (half of contacts.xlsx)');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
