import Bowser from 'bowser';
import { SESSIONS_TEXT as TEXT } from '@embark/shared-ui/page-text/profile';

/**
 * A session's device in people's words, from the user agent the gateway recorded at sign-in:
 * "Chrome on Linux", "Safari on iOS". bowser reads the agent (Edge and Opera carry Chrome's token,
 * headless Chrome is still Chrome); either part alone when the other is unknown, and
 * 'Unknown device' for a missing or unreadable agent (an API client, a script).
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim() ?? '';
  // bowser throws on an empty agent.
  if (agent === '') return TEXT.unknownDevice;
  const { browser, os } = Bowser.parse(agent);
  const browserName = browser.name?.trim() ?? '';
  const osName = os.name?.trim() ?? '';
  if (browserName && osName) return TEXT.browserOnOs(browserName, osName);
  return browserName || osName || TEXT.unknownDevice;
}
