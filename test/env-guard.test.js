// The full entry reads DEBUG from the environment at import. Where reading it throws (Deno run
// without --allow-env), the import still succeeds, without debug logging.
// Run alone: node test/env-guard.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";

const test = suite("environment guard");

test("the full entry imports and works where reading the environment throws", () => {
	const program = `
// As Deno answers a read of DEBUG without --allow-env; Node's own loader still reads the rest.
const real = process.env;
const env = new Proxy(real, { get(target, name) { if (name === "DEBUG") throw new Error("Requires env access to DEBUG"); return target[name]; } });
Object.defineProperty(process, "env", { value: env });
const { Hublet } = await import("./dist/index.js");
const client = new Hublet({ request: { fetch: async () => Response.json({ full_name: "o/r" }) } });
const { data } = await client.rest.repos.get({ owner: "o", repo: "r" });
console.log(data.full_name);
`;
	const result = spawnSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" });
	assert.is(result.stderr, "");
	assert.is(result.stdout.trim(), "o/r");
});

test.run();
