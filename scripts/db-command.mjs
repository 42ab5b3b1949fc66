#!/usr/bin/env node
// `npm run db:migrate|db:rollback|db:status|db:seed|db:reset` (gateway/src/cli/db-command.ts;
// `--help` lists options and exit codes). See lib/gateway-command.mjs for how it is run.
import './lib/load-dotenv.mjs';
import { runGatewayCommand } from './lib/gateway-command.mjs';

// Like `npm start` and `npm run dev`: from a checkout, an unset NODE_ENV means development (the
// gateway alone takes it as production). The Docker image sets NODE_ENV=production.
process.env.NODE_ENV ||= 'development';
runGatewayCommand(`db:${process.argv[2] ?? ''}`, 'db-command');
