#!/usr/bin/env node
// The older name of `hublet routes`, kept for scripts written against it.
import { runRoutesCommand } from "./routes-command.mjs";

process.exitCode = await runRoutesCommand(process.argv.slice(2));
