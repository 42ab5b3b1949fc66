import type { SessionUser } from '@embark/shared-ui';
import { withEarlyCurrentUser, type SessionApi } from './session-api';

const user = { id: 7, name: 'Ada Hire', email: 'ada@example.com', role_id: 1 } as SessionUser;

function countingApi(answers: Array<Promise<SessionUser>>): SessionApi & { asked: () => number } {
  let asked = 0;
  return {
    currentUser: () => answers[asked++] ?? Promise.reject(new Error('asked too often')),
    signOut: async () => undefined,
    asked: () => asked,
  };
}

describe('withEarlyCurrentUser', () => {
  it('asks at once, and hands that answer to the first check without asking again', async () => {
    const api = countingApi([Promise.resolve(user)]);
    const early = withEarlyCurrentUser(api);
    expect(api.asked()).toBe(1);
    await expect(early.currentUser()).resolves.toBe(user);
    expect(api.asked()).toBe(1);
  });

  it('asks again for every later check (a refreshed user is a new question)', async () => {
    const renamed = { ...user, name: 'Ada Lovelace' };
    const api = countingApi([Promise.resolve(user), Promise.resolve(renamed)]);
    const early = withEarlyCurrentUser(api);
    await early.currentUser();
    await expect(early.currentUser()).resolves.toEqual(renamed);
    expect(api.asked()).toBe(2);
  });

  it('keeps a refusal for the check, which decides what it means', async () => {
    const refused = Promise.reject(new Error('401'));
    const early = withEarlyCurrentUser(countingApi([refused]));
    await expect(early.currentUser()).rejects.toThrow('401');
  });

  it('hands a valid answer over once the page code is there, and a refusal at once', async () => {
    let loaded: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const valid = withEarlyCurrentUser(countingApi([Promise.resolve(user)]), ready);
    let answered = false;
    const answer = valid.currentUser().then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(false);
    loaded();
    await answer;
    expect(answered).toBe(true);

    const refused = withEarlyCurrentUser(countingApi([Promise.reject(new Error('401'))]), new Promise<void>(() => undefined));
    await expect(refused.currentUser()).rejects.toThrow('401');
  });
});
