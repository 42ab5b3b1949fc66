import { contractMismatches } from './contract';

// Runs after every test file (jest setupFilesAfterEnv): an answer that broke the REST contract fails the file.
afterAll(() => {
  if (contractMismatches.length === 0) return;
  const list = [...new Set(contractMismatches)];
  contractMismatches.length = 0;
  throw new Error(`${list.length} answer(s) do not match openapi.json (see test/contract.ts):\n  ${list.join('\n  ')}`);
});
