// The detailed contract check, loaded only when a remote's contract versions differ from the
// shell's (contract-plugin.ts): most loads never fetch it. The names the shell provides are read
// from the loaded shared modules themselves, so the shell's bundle carries no list of them.
import * as sharedUi from '@embark/shared-ui';
import * as apolloClient from '@apollo/client';
import * as reactRouter from 'react-router';
import type { ContractMismatch, ProvidedNames, RemoteContract, ShellContract } from './contract';

/** The names each part of the contract provides in this page: the shell's singletons, as loaded. */
export const loadedNames: ProvidedNames = (key) => {
  const modules: Record<string, object> = { '@embark/shared-ui': sharedUi, 'react-router': reactRouter, '@apollo/client': apolloClient };
  const loaded = modules[key];
  return loaded ? Object.keys(loaded) : undefined;
};

/**
 * Compares a remote's needs with what the shell provides. The contract is additive: within a major
 * version, names are only ever added, so a remote is served when the majors are equal and every
 * name it imports is there. The federation runtime must have the same major version and at least
 * the remote's minor version (a remote built for a newer runtime may call what this one lacks).
 */
export function checkContract(remote: string, needs: RemoteContract, shell: ShellContract, providedNames: ProvidedNames = loadedNames): ContractMismatch | null {
  const newer: string[] = [];
  const older: string[] = [];
  const runtime = compareMajorMinor(needs.runtime, shell.runtime);
  if (runtime.major > 0 || (runtime.major === 0 && runtime.minor > 0)) newer.push(`federation runtime: needs ${needs.runtime}, shell has ${shell.runtime}`);
  if (runtime.major < 0) older.push(`federation runtime: built for ${needs.runtime}, shell has ${shell.runtime}`);
  for (const [key, need] of Object.entries(needs.needs)) {
    const provided = shell.provides[key];
    if (provided === undefined) {
      newer.push(`${key}: not provided by this shell`);
      continue;
    }
    const major = compareMajorMinor(need.version, provided).major;
    if (major > 0) newer.push(`${key}: needs ${need.version}, shell has ${provided}`);
    else if (major < 0) older.push(`${key}: built for ${need.version}, shell has ${provided}`);
    else if (need.version !== provided) {
      const names = new Set(providedNames(key) ?? []);
      const missing = need.names.filter((name) => !names.has(name));
      if (missing.length > 0) newer.push(`${key}: missing ${missing.join(', ')} (needs ${need.version}, shell has ${provided})`);
    }
  }
  if (newer.length === 0 && older.length === 0) return null;
  return { remote, skew: newer.length > 0 ? 'remote-newer' : 'shell-newer', problems: [...newer, ...older], shell, remoteContract: needs };
}

/** Sign of the difference in major and in minor version of two semver strings (`1.2.3+build`). */
function compareMajorMinor(a: string, b: string): { major: number; minor: number } {
  const [aMajor = 0, aMinor = 0] = a.split(/[.+-]/).map(Number);
  const [bMajor = 0, bMinor = 0] = b.split(/[.+-]/).map(Number);
  return { major: Math.sign(aMajor - bMajor), minor: Math.sign(aMinor - bMinor) };
}

