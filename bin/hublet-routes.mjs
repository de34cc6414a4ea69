#!/usr/bin/env node
// The older name of `hublet routes`, kept for scripts written against it.
import { runProcess } from "./cli/run-process.mjs";

await runProcess(["routes", ...process.argv.slice(2)]);
