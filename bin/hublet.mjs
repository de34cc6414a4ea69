#!/usr/bin/env node
// `hublet`: call, page through, dry-run and inspect the GitHub REST API. The command is
// bin/cli/main.mjs; bin/cli/run-process.mjs hands it the real process.
import { runProcess } from "./cli/run-process.mjs";

await runProcess(process.argv.slice(2));
