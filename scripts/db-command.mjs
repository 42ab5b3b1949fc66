#!/usr/bin/env node
// `npm run db:migrate|db:rollback|db:status|db:seed|db:reset` (gateway/src/cli/db-command.ts;
// `--help` lists options and exit codes). See lib/gateway-command.mjs for how it is run.
import './lib/load-dotenv.mjs';
import { dbCommandNodeEnv } from './lib/db-command-env.mjs';
import { runGatewayCommand } from './lib/gateway-command.mjs';

// The Docker image sets NODE_ENV=production; lib/db-command-env.mjs says what an unset one means here.
const nodeEnv = dbCommandNodeEnv(process.argv[2] ?? '', process.env);
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
runGatewayCommand(`db:${process.argv[2] ?? ''}`, 'db-command');
