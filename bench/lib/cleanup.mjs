// Everything the benchmarks start (PostgreSQL clusters, gateways, servers, browsers) is
// registered here, so it is stopped in reverse order on success, failure or Ctrl-C:
// no stray processes or bound ports are left behind.

const stops = [];

/** Registers `stop` and returns a function that runs it once and unregisters it. */
export function track(name, stop) {
  const entry = { name, stop, done: false };
  stops.push(entry);
  return async () => {
    if (entry.done) return;
    entry.done = true;
    stops.splice(stops.indexOf(entry), 1);
    await stop();
  };
}

/** Stops whatever is still registered, newest first; failures are reported, not thrown. */
export async function stopAll() {
  while (stops.length > 0) {
    const entry = stops.pop();
    if (entry.done) continue;
    entry.done = true;
    try {
      await entry.stop();
    } catch (err) {
      console.error(`bench: stopping ${entry.name} failed:`, err?.message ?? err);
    }
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\nbench: ${signal}, stopping everything that was started…`);
    void stopAll().finally(() => process.exit(130));
  });
}
