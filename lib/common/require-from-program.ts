/*
Requires a package as the program would: through Node's own `createRequire` (require() of an ES
module: Node 20.19 and later), from the program's folder, then from the working directory. Used
for this package's own modules by their public name (`@hublet/rest/servers/<name>`) and for a
peer the program may have (`@octokit/graphql`). Not from this file's `import.meta.url`:
babel-jest, which docs/testing.md gives for CommonJS test suites, cannot turn a module that names
`import.meta` into CommonJS, and then stops every suite that loads the package. Throws where
nothing resolves, and where there is no `process.getBuiltinModule` (browsers, edge runtimes).
*/
export function requireFromProgram<T>(specifier: string): T {
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
