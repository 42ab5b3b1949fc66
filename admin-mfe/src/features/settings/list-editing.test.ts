import { replayEdits } from './list-editing';

describe('replayEdits', () => {
  const byDate = (h: { date: string }) => h.date;
  const sameName = (a: { name: string }, b: { name: string }) => a.name === b.name;

  it('is the answer when nothing changed meanwhile, else the answer with the edits made since it was sent', () => {
    const sent = ['a.example.com', 'b.example.com'];
    expect(replayEdits(['a.example.com', 'b.example.com'], sent, sent, (d) => d)).toEqual(['a.example.com', 'b.example.com']);
    expect(replayEdits(['a.example.com', 'b.example.com'], sent, ['a.example.com', 'c.example.com'], (d) => d)).toEqual(['a.example.com', 'c.example.com']);
  });

  it('lets an item edited meanwhile win over the one the answer holds for its key', () => {
    const sent = [{ date: '2026-12-24', name: 'Eve' }];
    const answer = [{ date: '2026-12-24', name: 'Eve' }, { date: '2026-12-31', name: 'Server day' }];
    expect(replayEdits(answer, sent, [{ date: '2026-12-24', name: 'Christmas Eve' }], byDate, sameName)).toEqual([
      { date: '2026-12-31', name: 'Server day' },
      { date: '2026-12-24', name: 'Christmas Eve' },
    ]);
  });
});
