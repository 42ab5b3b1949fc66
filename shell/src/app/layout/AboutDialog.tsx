// "About Embark" (user menu): the versions of the shell and of each remote in this page, for a
// support request or a deployment check. Its own chunk: nothing of it loads until it is opened.
import { useEffect, useState } from 'react';
import { ALL_REMOTE_NAMES } from '@embark/shared-ui';
import { Modal } from '@embark/shared-ui/components/Modal';
import { SHELL_BUILD } from '../../remotes/build-info';
import { loadedRemotes, manifestOf, type RemoteManifest } from '../../remotes/manifests';

export const ABOUT_TEXT = {
  title: 'About Embark',
  description: 'The versions running in this page. Quote them when you report a problem.',
  part: 'Part',
  version: 'Version',
  commit: 'Commit',
  status: 'Status',
  shell: 'App shell',
  remotes: { employee_mfe: 'Employee pages', admin_mfe: 'Admin pages' } as Record<string, string>,
  running: 'Running',
  notLoaded: 'Not opened yet',
  noManifest: 'Version not published (configured by its remoteEntry.js)',
  unreachable: 'Unavailable',
  runtime: 'Federation runtime',
  close: 'Close',
} as const;

type RemoteRow = { name: string; manifest: RemoteManifest | null | 'error' };

export default function AboutDialog({ onClose }: { onClose(): void }) {
  const [remotes, setRemotes] = useState<RemoteRow[] | null>(null);

  useEffect(() => {
    let current = true;
    void Promise.all(
      ALL_REMOTE_NAMES.map(async (name): Promise<RemoteRow> => ({ name, manifest: await manifestOf(name).catch(() => 'error' as const) })),
    ).then((rows) => {
      if (current) setRemotes(rows);
    });
    return () => {
      current = false;
    };
  }, []);

  const loaded = loadedRemotes();
  const statusOf = ({ name, manifest }: RemoteRow) => {
    if (manifest === 'error') return ABOUT_TEXT.unreachable;
    if (manifest === null) return ABOUT_TEXT.noManifest;
    return loaded.has(name) ? ABOUT_TEXT.running : ABOUT_TEXT.notLoaded;
  };

  return (
    <Modal open title={ABOUT_TEXT.title} description={ABOUT_TEXT.description} onClose={onClose} closeLabel={ABOUT_TEXT.close}>
      <table className="shell-about__table">
        <thead>
          <tr>
            <th scope="col">{ABOUT_TEXT.part}</th>
            <th scope="col">{ABOUT_TEXT.version}</th>
            <th scope="col">{ABOUT_TEXT.commit}</th>
            <th scope="col">{ABOUT_TEXT.status}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{ABOUT_TEXT.shell}</th>
            <td>{SHELL_BUILD.version}</td>
            <td>
              <code>{SHELL_BUILD.commit}</code>
            </td>
            <td>{ABOUT_TEXT.running}</td>
          </tr>
          {(remotes ?? []).map((row) => {
            const manifest = typeof row.manifest === 'object' ? row.manifest : null;
            return (
              <tr key={row.name}>
                <th scope="row">{ABOUT_TEXT.remotes[row.name] ?? row.name}</th>
                <td>{manifest?.version ?? '–'}</td>
                <td>{manifest ? <code>{manifest.commit}</code> : '–'}</td>
                <td>{statusOf(row)}</td>
              </tr>
            );
          })}
          <tr>
            <th scope="row">{ABOUT_TEXT.runtime}</th>
            <td>{SHELL_BUILD.runtime}</td>
            <td>–</td>
            <td>{ABOUT_TEXT.running}</td>
          </tr>
        </tbody>
      </table>
    </Modal>
  );
}
