// jsdom lacks a few Web APIs that react-router 7 needs at import time; Node has them.
// (TypeScript so that @swc/jest compiles it like the tests; jest setup files cannot be native ESM.)
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
