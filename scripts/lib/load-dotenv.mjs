// Imported first by the launchers (`import './lib/load-dotenv.mjs'`), so `.env` is in process.env
// before any other module reads it; the real environment wins (see loadDotEnv in env.mjs).
import { loadDotEnv } from './env.mjs';

loadDotEnv();
