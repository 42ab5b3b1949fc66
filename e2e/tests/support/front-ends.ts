// Built front ends served on ports of their own, in front of the e2e stack's gateway, the way a
// deployment pairs them: for the version-skew pairings and the contract fixture (docs/federation.md).
import path from 'node:path';
import { inlineHashesOfFile, remoteHeaders, shellHeaders } from '../../../scripts/lib/security-headers.mjs';
import { startStaticServer } from '../../../scripts/lib/static-server.mjs';
import { urls } from '../../stack.mjs';

/** The dist/ folder of each front end to serve. */
export interface FrontEndDists {
  shell: string;
  employee: string;
  admin: string;
}

export interface ServedFrontEnds {
  origin: string;
  employee: string;
  admin: string;
  close: () => Promise<unknown>;
}

/**
 * Serves a shell and both remotes: the shell on `shellPort`, the employee and admin remotes on the
 * next two ports. The shell's runtime config names the file `remoteFile` gives for each remote's
 * dist/ (its manifest unless said otherwise) and its Content-Security-Policy follows that config.
 */
export async function serveFrontEnds(
  dists: FrontEndDists,
  shellPort: number,
  remoteFile: (remoteDist: string) => string = () => 'mf-manifest.json',
): Promise<ServedFrontEnds> {
  const employeeUrl = `http://localhost:${shellPort + 1}`;
  const adminUrl = `http://localhost:${shellPort + 2}`;
  const employee = await startStaticServer({ name: 'employee', root: dists.employee, port: shellPort + 1, cors: true, headers: remoteHeaders() });
  const admin = await startStaticServer({ name: 'admin', root: dists.admin, port: shellPort + 2, cors: true, headers: remoteHeaders() });
  const runtimeConfig = {
    remotes: { employee_mfe: `${employeeUrl}/${remoteFile(dists.employee)}`, admin_mfe: `${adminUrl}/${remoteFile(dists.admin)}` },
  };
  const shell = await startStaticServer({
    name: 'shell', root: dists.shell, port: shellPort, spa: true, proxyTarget: urls.gateway, runtimeConfig,
    headers: shellHeaders({ runtimeConfig, hashes: inlineHashesOfFile(path.join(dists.shell, 'index.html')) }),
  });
  return {
    origin: `http://localhost:${shellPort}`,
    employee: employeeUrl,
    admin: adminUrl,
    close: () => Promise.all([employee.close(), admin.close(), shell.close()]),
  };
}
