// How Node.js runs the gateway, wherever it runs: `npm start` and `npm run serve` (serve.mjs), the
// operator commands, the resilience suite, the bench (its floor server too, so both run alike) and
// the gateway's image, whose CMD tools/gateway-node-args.test.mjs holds to this list.
export const GATEWAY_NODE_ARGS = Object.freeze([
  // Stack traces in the logs point at the TypeScript sources.
  '--enable-source-maps',
]);
