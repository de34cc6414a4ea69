// Option checks read own properties only: a key the prototype gives (`constructor`, `toString`,
// `valueOf`, `hasOwnProperty`, a JSON `__proto__`) is an unknown key, and an object without a
// prototype or whose `toString` throws is described by its kind, never converted: each a
// TypeError that names the option (and the key), for every option object the client checks.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Hublet as FullHublet, proxy, serverTables } from "../dist/index.js";
import { Hublet as CoreHublet, cache, rateLimit, retry } from "../dist/core.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit, proxy, serverTables);

const HUBLET = fileURLToPath(new URL("../bin/hublet.mjs", import.meta.url));
const PROTOTYPE_KEYS = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];

/** An object whose only own key is `key`, a JSON `__proto__` included (an own data property, as JSON.parse makes it). */
const withKey = (key, value) => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`);
const hostile = () => ({
	"no prototype": Object.create(null),
	"a throwing toString": { toString: () => { throw new Error("toString ran"); } },
	"a throwing Symbol.toPrimitive": { [Symbol.toPrimitive]: () => { throw new Error("toPrimitive ran"); } },
});

function refused(options, pattern) {
	let error;
	try {
		new Hublet(options);
	} catch (caught) {
		error = caught;
	}
	assert.instance(error, TypeError, `no TypeError for ${Object.keys(options)[0]}`);
	assert.not.match(error.message, /toString ran|toPrimitive ran|is not a function|Cannot convert/);
	assert.match(error.message, pattern);
	return error;
}

const keys = suite("a key that the prototype has");

for (const key of PROTOTYPE_KEYS) {
	keys(`retry: { ${key} } is an unknown key, named`, () => {
		refused({ retry: withKey(key, 9) }, new RegExp(`\`retry\` option .*\`${key}\` is unknown`));
	});
	keys(`cache and rateLimit: { ${key} } is an unknown key, named`, () => {
		refused({ cache: withKey(key, 1) }, new RegExp(`\`cache\` option.*unknown key \`${key.replace("$", "\\$")}\``));
		refused({ rateLimit: withKey(key, 1) }, new RegExp(`\`rateLimit\` option.*unknown key \`${key}\``));
	});
}

keys("the same on the core entry's features", () => {
	const Core = CoreHublet.plugin(retry, cache, rateLimit);
	for (const option of ["retry", "cache", "rateLimit"]) {
		assert.throws(() => new Core({ [option]: withKey("constructor", 1) }), (error) => error instanceof TypeError && error.message.includes("constructor"));
	}
});

keys("a setting only the prototype holds is not read", () => {
	// An inherited `store` that is no store would be refused if it were read; it is not.
	new Hublet({ cache: Object.create({ store: 1 }), rateLimit: Object.create({ writeInterval: -1 }) });
});

const values = suite("an option object that cannot be turned into text");

for (const [name, value] of Object.entries(hostile())) {
	values(`auth: ${name} is refused as an object without a token`, () => {
		refused({ auth: value }, /`auth` option to be a token string, got an object without a token/);
	});
	values(`retry, cache, rateLimit, request.timeout, request.proxy and server: ${name} values are described by kind`, () => {
		refused({ retry: { retries: value } }, /`retry.retries`.*not an object/);
		refused({ cache: { max: value } }, /`max` must be a whole number above 0/);
		refused({ rateLimit: { timeout: value } }, /`timeout` must be milliseconds.*not an object/);
		refused({ request: { timeout: value } }, /`request.timeout` option.*not an object/);
		refused({ request: { proxy: value } }, /`request.proxy` option.*got an object/);
		refused({ server: value }, /`server` option.*got an object/);
	});
}

values("an auth object whose token only the prototype has is no legacy form", () => {
	refused({ auth: Object.create({ token: "ghp_inherited" }) }, /without a token/);
});

const cli = suite("HUBLET_RETRY on the command line");

for (const json of ['{"__proto__":{"retries":9}}', '{"constructor":1}', '{"toString":1}', '{"retries":{"valueOf":1}}']) {
	cli(`HUBLET_RETRY='${json}' is a usage error naming the key`, () => {
		const { status, stderr } = spawnSync(process.execPath, [HUBLET, "repos.get", "owner=o", "repo=r"], {
			env: { ...process.env, HUBLET_RETRY: json, GITHUB_API_URL: "http://127.0.0.1:1" },
			encoding: "utf8",
		});
		assert.is(status, 2);
		assert.match(stderr, /HUBLET_RETRY: Expected/);
		assert.not.match(stderr, /is not a function/);
	});
}

keys.run();
values.run();
cli.run();
