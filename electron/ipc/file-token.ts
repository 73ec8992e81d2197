// A file as the window names it: the opaque id main handed out for a drop or
// the Open dialog (files/grants.ts), never a path.
import { z } from 'zod';

/** An opaque id main handed out for a file (128 random bits, base64url), never a path. */
export const FILE_ID = /^[A-Za-z0-9_-]{22}$/;

export const fileTokenSchema = z
  .string()
  .regex(
    FILE_ID,
    'List Cleaner opens only a file you drop on its window or pick in its Open dialog.',
  );
