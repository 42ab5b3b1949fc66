/**
 * Reads one line from a terminal without echoing it (a password). Enter ends
 * it, Backspace deletes, Ctrl-C or Ctrl-D on an empty line cancels (rejects
 * with a `cancelled` error); escape sequences such as arrow keys are ignored.
 */
export function readHiddenLine(prompt: string, input: NodeJS.ReadStream, output: NodeJS.WritableStream): Promise<string> {
  // Raw (no echo) before the prompt shows, so nothing typed after it can be echoed.
  const wasRaw = input.isRaw;
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  output.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (let i = 0; i < chunk.length; i++) {
        const ch = chunk[i] as string;
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) {
          finish();
          reject(Object.assign(new Error('cancelled'), { code: 'cancelled' }));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = Array.from(value).slice(0, -1).join('');
        // An escape sequence (ESC [ … final byte) is a key such as an arrow, not part of a password.
        else if (ch === '\u001b') i += escapeLength(chunk.slice(i)) - 1;
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
  });
}

/** Length of the escape sequence at the start of `text` (CSI `ESC [ params final` or SS3 `ESC O x`), at least 1. */
function escapeLength(text: string): number {
  // text[0] is ESC; the pattern reads what follows it.
  const match = /^(?:\[[0-?]*[ -/]*[@-~]|O.)/.exec(text.slice(1));
  return 1 + (match ? match[0].length : 0);
}
