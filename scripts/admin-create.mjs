#!/usr/bin/env node
// `npm run admin:create -- --email … --name …`: creates an administrator (gateway/src/cli/admin-create.ts;
// `--help` lists its options and exit codes). See lib/gateway-command.mjs for how it is run.
import { runGatewayCommand } from './lib/gateway-command.mjs';

runGatewayCommand('admin:create', 'admin-create');
