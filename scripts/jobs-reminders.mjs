#!/usr/bin/env node
// `npm run jobs:reminders`: runs the reminder job now (gateway/src/cli/jobs-reminders.ts; `--help`
// lists its exit codes) and prints {"digests":n,"escalations":n}. See lib/gateway-command.mjs.
import { runGatewayCommand } from './lib/gateway-command.mjs';

runGatewayCommand('jobs:reminders', 'jobs-reminders');
