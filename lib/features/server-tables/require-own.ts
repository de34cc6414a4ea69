/*
A module of this package, required by its public name (`@hublet/rest/core`,
`@hublet/rest/servers/<name>`) through Node's own `createRequire` (require() of an ES module:
Node 20.19 and later). Resolved from the program's folder, then from the working directory, as
the proxy feature finds undici, and not from this file's `import.meta.url`: babel-jest, which
docs/testing.md gives for CommonJS test suites, cannot turn a module that names `import.meta` into
CommonJS, and then stops every suite that loads the package, whether or not it asks for a server.
From inside this repository the name resolves to itself (package.json has `exports`).
*/
export function requireOwn<T>(specifier: string): T {
	const { createRequire } = (globalThis as any).process.getBuiltinModule("module");
	const { argv, cwd } = (globalThis as any).process;
	let failure: unknown;
	for (const from of [argv[1], `${cwd()}/`]) {
		if (!from) continue;
		try {
			return createRequire(from)(specifier) as T;
		} catch (error) {
			failure = error;
		}
	}
	throw failure;
}
