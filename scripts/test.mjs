// The one test command: build, type tests, every uvu suite (each file in its own process,
// so that msw servers and module state never leak between files), then one closing line
// `N passed, N failed` that CI reads.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { withDownloadedSpec } from "./openapi-spec.mjs";

let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args) {
	const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
	if (result.status === 0) passed += 1;
	else {
		failed += 1;
		failures.push(name);
	}
	return result.status === 0;
}

const built = step("build", process.execPath, ["scripts/build.mjs"]);
step("type check", "npx", ["tsc", "-p", "tsconfig.json"]);
step("type tests", "npx", ["tsc", "-p", "test/types/tsconfig.json"]);
step("generated method types match routes.json", process.execPath, ["scripts/generate-method-types.mjs", "--check"]);
// Packs the package and compiles two consumer projects (node16 and bundler) against it,
// then runs publint and attw: the only check of the shipped .d.ts files themselves.
if (built) step("consumers, publint and attw", process.execPath, ["scripts/check-consumers.mjs", "--no-build"]);
// Both generators read the pinned OpenAPI description: it is fetched once for the two checks
// (HUBLET_OPENAPI_SPEC, when set, names a local copy instead). The CLI data generator reads
// method routes through the built package, so it runs after the build.
withDownloadedSpec((spec) => {
	process.env.HUBLET_OPENAPI_SPEC = spec;
	step("routes.json and the servers' tables (servers/*.json) match the generator", process.execPath, ["scripts/generate-routes.mjs", "--check"]);
	if (built) step("bin/cli-data.json and bin/cli-parameters.json match the generator", process.execPath, ["scripts/generate-cli-data.mjs", "--check"]);
});

const files = readdirSync("test")
	.filter((file) => file.endsWith(".test.js"))
	.sort();
for (const file of built ? files : []) {
	const result = spawnSync(process.execPath, [`test/${file}`], { encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
	process.stdout.write(result.stdout);
	process.stderr.write(result.stderr);
	const total = Number(/Total:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
	const ok = Number(/Passed:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
	const skipped = Number(/Skipped:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
	passed += ok;
	// A file that crashed before uvu could count still counts as one failure.
	const bad = Math.max(total - ok - skipped, result.status === 0 ? 0 : 1);
	failed += bad;
	if (bad) failures.push(file);
}
if (!built) failures.push("(suites skipped: the build failed)");

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
