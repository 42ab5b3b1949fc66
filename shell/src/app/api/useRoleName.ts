import { useQuery } from '@apollo/client/react';
import { UI_TEXT } from '@embark/shared-ui';
import { ShellRolesDocument } from '../../__generated__/graphql';
import { useAfterFirstPaint } from '../after-first-paint';

/**
 * The display name of a role (docs/product.md#roles): looked up in the roles list through the shell's Apollo
 * client, 'Front-Line Staff' when the role is unknown or the list cannot be loaded; null while loading.
 */
export function useRoleName(roleId: number | null | undefined): string | null {
  const painted = useAfterFirstPaint();
  const { data, loading } = useQuery(ShellRolesDocument, { skip: !painted || roleId === null || roleId === undefined });
  // Not asked yet (the query waits for the first frame) reads as loading, not as an unknown role.
  if (!painted || (loading && !data)) return null;
  return data?.roles.find((role) => role.id === roleId)?.name ?? UI_TEXT.unknownRoleName;
}
