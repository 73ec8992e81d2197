// The envelope's two constructors, with no dependencies: the preload (whose
// bundle stays free of zod) and the shells build their answers with them. The
// envelope itself, and every error code, are part of the contract (contract.ts).
import type { IpcError, IpcResult } from './contract';

export type { ErrorCode, IpcError, IpcResult } from './contract';

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });

export const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });
