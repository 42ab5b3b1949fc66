// The shell–remote contract check (docs/federation.md, "Contract"). A remote's mf-manifest.json says
// which names of each shared part it imports and which contract versions it was built against; the
// shell compares them with what it provides before the remote's remoteEntry.js is even fetched.

/** A remote's needs, as its build wrote them into mf-manifest.json (`embark.contract`). */
export interface RemoteContract {
  /** Version of the federation runtime the remote was built for (it uses the shell's copy). */
  runtime: string;
  /** Per share key (`@embark/shared-ui`, `react-router`, `@apollo/client`): version and names it imports. */
  needs: Record<string, { version: string; names: string[] }>;
}

/** What the shell provides: its runtime's version and each part's contract version (`1.2.0+<hash>`). */
export interface ShellContract {
  runtime: string;
  provides: Record<string, string>;
}

/**
 * Which side is behind. `remote-newer`: the remote needs something this shell lacks (a reload
 * fetches the newer shell once it is deployed). `shell-newer`: the shell dropped something in a
 * new major version that this older remote still uses (the remote's team must ship a rebuild).
 */
export type Skew = 'remote-newer' | 'shell-newer';

export interface ContractMismatch {
  remote: string;
  skew: Skew;
  /** One line per problem, e.g. `@embark/shared-ui: missing Stepper`. */
  problems: string[];
  shell: ShellContract;
  remoteContract: RemoteContract;
}

/** The names the shell provides under a share key, read from the loaded modules; undefined if none. */
export type ProvidedNames = (key: string) => readonly string[] | undefined;

/** True when the versions alone prove the remote's needs are met: same runtime, same contract hashes. */
export function versionsMatch(needs: RemoteContract, shell: ShellContract): boolean {
  return needs.runtime === shell.runtime && Object.entries(needs.needs).every(([key, need]) => shell.provides[key] === need.version);
}

/** Thrown before a remote loads when the contract does not hold; the error screen shows its wording. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(readonly mismatch: ContractMismatch) {
    super(`${mismatch.remote} and this shell do not fit: ${mismatch.problems.join('; ')}`);
  }
}

/** The error screen's message for each side of a skew (docs/federation.md, "Contract"). */
export const CONTRACT_MESSAGES: Record<Skew, string> = {
  'remote-newer': 'This part of Embark was updated and needs a newer app version. Reload the page.',
  'shell-newer': 'Embark was updated and this part of it has not caught up yet. Reload the page in a few minutes.',
};

/** The contract mismatch behind a load error, if that is what it was (the loader wraps causes). */
export function contractMismatchOf(error: unknown): ContractMismatch | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof ContractError) return current.mismatch;
  }
  return null;
}

/**
 * React's `onCaughtError`. Its default logs every error an error boundary caught; a contract
 * mismatch was already reported where it was found, once, with both versions.
 */
export function logCaughtError(error: unknown): void {
  if (!contractMismatchOf(error)) console.error(error);
}
