// The team store lost or back is told once each time, however many parts of
// a process noticed it.
import { describe, expect, it } from 'vitest';
import { teamNoticeGate, type TeamNoticeKind } from '../../../electron/coordination/notices';

describe('teamNoticeGate', () => {
  it('passes a loss once, the return once after it, and nothing else', () => {
    const said: [string, TeamNoticeKind][] = [];
    const tell = teamNoticeGate((message, kind) => said.push([message, kind]));
    tell('back before anything was lost', 'back');
    tell('lost, said by the limits', 'lost');
    tell('lost, said by the memory', 'lost');
    tell('back, said by the memory', 'back');
    tell('back, said by the limits', 'back');
    tell('lost again', 'lost');
    expect(said).toEqual([
      ['lost, said by the limits', 'lost'],
      ['back, said by the memory', 'back'],
      ['lost again', 'lost'],
    ]);
  });
});
