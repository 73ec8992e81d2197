// Reading the file a client uploads to POST /api/v1/bulk-tasks: the multipart
// body is streamed line by line, keeping only unique valid addresses (and the
// verdict of each) in memory, so a file of half a million lines stays cheap;
// then the upload is held to the interface's rules before any task is made.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { SandboxConfig } from '../config';
import { SandboxError, sandboxCodes } from '../server/http';
import {
  avatarProviders,
  isValidAddress,
  normalizeAddress,
  providerOf,
  verdictOf,
} from '../outcomes';
import { verdictCodes, type BulkProduct } from './bulk-task';

export interface ParsedUpload {
  serviceType: string | null;
  sawFile: boolean;
  tooLarge: boolean;
  notUtf8: boolean;
  submittedLines: number;
  invalidCnt: number;
  duplicateCnt: number;
  addresses: string[];
  verdicts: number[];
}

/** Streams the multipart body, keeping only unique valid addresses in memory. */
export function parseUpload(req: IncomingMessage, maxFileBytes: number): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedUpload = {
      serviceType: null,
      sawFile: false,
      tooLarge: false,
      notUtf8: false,
      submittedLines: 0,
      invalidCnt: 0,
      duplicateCnt: 0,
      addresses: [],
      verdicts: [],
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      reject(new SandboxError(40000, 'the multipart body has no boundary'));
      return;
    }
    const seen = new Set<string>();
    const takeLine = (raw: string) => {
      let line = raw.trim();
      if (line.length >= 2 && line.startsWith('"') && line.endsWith('"'))
        line = line.slice(1, -1).trim();
      if (line === '') return;
      parsed.submittedLines += 1;
      const address = normalizeAddress(line);
      if (!isValidAddress(address)) parsed.invalidCnt += 1;
      else if (seen.has(address)) parsed.duplicateCnt += 1;
      else {
        seen.add(address);
        parsed.addresses.push(address);
        parsed.verdicts.push(verdictCodes[verdictOf(address)]);
      }
    };

    bb.on('field', (name, value) => {
      if (name === 'service_type') parsed.serviceType = value;
    });
    bb.on('file', (name, stream) => {
      if (name !== 'file' || parsed.sawFile) {
        stream.resume();
        return;
      }
      parsed.sawFile = true;
      const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
      let carry = '';
      stream.on('limit', () => {
        parsed.tooLarge = true;
      });
      stream.on('data', (chunk: Buffer) => {
        if (parsed.tooLarge || parsed.notUtf8) return;
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          parsed.notUtf8 = true;
          return;
        }
        const lines = (carry + text).split(/\r\n|\n|\r/);
        carry = lines.pop() ?? '';
        for (const line of lines) takeLine(line);
      });
      stream.on('end', () => {
        if (parsed.tooLarge || parsed.notUtf8) return;
        try {
          carry += decoder.decode();
        } catch {
          parsed.notUtf8 = true;
          return;
        }
        takeLine(carry);
      });
    });
    bb.on('error', () => reject(new SandboxError(40000, 'the multipart body is malformed')));
    bb.on('close', () => resolve(parsed));
    req.pipe(bb);
  });
}

/** The product asked for, once the upload meets its rules; throws the first rule it breaks. */
export function checkUpload(parsed: ParsedUpload, config: SandboxConfig): BulkProduct {
  const product = parsed.serviceType;
  if (product === null) throw new SandboxError(40000, 'the service_type part is missing');
  if (product !== 'email_batch' && product !== 'email_avatar_batch') {
    throw new SandboxError(40000, 'service_type must be email_batch or email_avatar_batch');
  }
  if (!parsed.sawFile) throw new SandboxError(40000, 'the file part is missing');
  if (parsed.tooLarge) {
    throw new SandboxError(
      sandboxCodes.tooLarge,
      `the file is over max_file_bytes (${config.maxFileBytes} bytes)`,
    );
  }
  if (parsed.notUtf8) throw new SandboxError(40000, 'the file is not UTF-8 text');
  if (parsed.submittedLines === 0) throw new SandboxError(40000, 'the file is empty');
  const max = config.bulkMaxLines[product];
  if (parsed.submittedLines < config.bulkMinLines || parsed.submittedLines > max) {
    throw new SandboxError(
      40000,
      `a ${product} task takes ${config.bulkMinLines} to ${max} lines; the file has ${parsed.submittedLines}`,
    );
  }
  if (product === 'email_avatar_batch') {
    const outside = parsed.addresses.filter((a) => !avatarProviders.has(providerOf(a))).length;
    if (outside > 0) {
      throw new SandboxError(
        40000,
        `${outside} addresses are outside the covered providers (provider_code_1, provider_code_5, provider_code_6)`,
      );
    }
  }
  return product;
}
